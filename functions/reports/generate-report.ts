import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { reportRow, requestReport } from './report-store';
import * as reportRoutes from '@shared/api/routes/report-routes';

/** SPEC section 2 "Reporting", generate: the report is written generating and built by the reports queue's worker. */
export const handler = useCase(reportRoutes.generateReport, async ({ caller, body }) =>
  reportRow(await requestReport(caller.companyId, { userId: caller.userId, email: caller.profile.email }, body, actorOfCaller(caller, 'company_user'))),
);
