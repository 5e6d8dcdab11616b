import { monthsBefore, rigaDateOf } from '@shared/dates';
import { periodMonths, totalPagesOf } from '@shared/lists';
import { useCase } from '../platform/use-case';
import { countReports, newestReports, reportRow } from './report-store';
import { rigaDayStartMs } from '@shared/day-range';
import * as reportRoutes from '@shared/api/routes/report-routes';

/**
 * SPEC section 2 "Reporting": the company's reports created in the period (Riga days counted back from today),
 * newest first, a page at a time. A company's reports are few (people ask for them one by one), so the page is the
 * period's range read backwards up to its end and the total a COUNT of the range (docs/access-patterns.md).
 */
export const handler = useCase(reportRoutes.listReports, async ({ caller, query }) => {
  const fromMs = rigaDayStartMs(monthsBefore(rigaDateOf(new Date()), periodMonths[query.dateLimit]));
  const [totalRecords, records] = await Promise.all([
    countReports(caller.companyId, fromMs),
    newestReports(caller.companyId, fromMs, (query.page - 1) * query.itemsPerPage, query.itemsPerPage),
  ]);
  const now = new Date();
  return { rows: records.map((record) => reportRow(record, now)), totalRecords, totalPages: totalPagesOf(totalRecords, query.itemsPerPage) };
});
