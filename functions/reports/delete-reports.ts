import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { deleteReport } from './report-store';
import * as reportRoutes from '@shared/api/routes/report-routes';

/**
 * Delete selected: the caller's company's reports among the ids, items and files. Every key names the caller's
 * company, so another company's id (or an unknown one) finds nothing and is left out of the count.
 */
export const handler = useCase(reportRoutes.deleteReports, async ({ caller, body }) => {
  const actor = actorOfCaller(caller, 'company_user');
  const results = await Promise.all([...new Set(body.ids)].map((reportId) => deleteReport(caller.companyId, reportId, actor)));
  return { deleted: results.filter(Boolean).length };
});
