import { useCase } from '../platform/use-case';
import { reportRow, requestReport } from './report-store';

/** SPEC section 2 "Reporting", generate: the report is written generating and built by the reports queue's worker. */
export const handler = useCase('POST /reports', async ({ caller, body }) =>
  reportRow(await requestReport(caller.companyId, { userId: caller.userId, email: caller.profile.email }, body)),
);
