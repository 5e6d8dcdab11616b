import * as reportRoutes from '@shared/api/routes/report-routes';
import type { GenerateReport, Report } from '@shared/reports';
import type { TableParams } from '@frontend/components/data-table/use-table-query';
import { callApi } from '@frontend/lib/http';
import { saveFromLink } from '@frontend/lib/save-blob';

/** Per company, so a client switch never shows the previous company's reports; every page hangs below it. */
export const reportsQueryKey = (companyId: string) => ['reports', companyId] as const;

/** The list has no filters of its own: a page, its size and the period. */
export type ReportFilters = Record<string, never>;
export const noReportFilters: ReportFilters = {};

export function fetchReports(params: TableParams<ReportFilters>, signal: AbortSignal) {
  return callApi(reportRoutes.listReports, { signal, query: { page: params.page, itemsPerPage: params.itemsPerPage, dateLimit: params.period } });
}

export const generateReport = (body: GenerateReport): Promise<Report> => callApi(reportRoutes.generateReport, { body });

export const deleteReports = (ids: readonly string[]) => callApi(reportRoutes.deleteReports, { body: { ids: [...ids] } });

/** Asks for the report's short-lived link, reads the file and hands it to the browser; answers the file's name. */
export async function downloadReport(reportId: string): Promise<string> {
  const file = await callApi(reportRoutes.getReportFile, { params: { reportId } });
  await saveFromLink(file.url, file.fileName);
  return file.fileName;
}
