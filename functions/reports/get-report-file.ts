import { reportFileName } from '@shared/report-csv';
import { DomainError, notFound } from '../platform/errors';
import { csvFileLink } from '../exports';
import { reportObjectKey } from '../platform/keys';
import { useCase } from '../platform/use-case';
import { readReport, reportRow } from './report-store';
import * as reportRoutes from '@shared/api/routes/report-routes';

/** A finished report as a presigned GET of the reports bucket; another company's id is as unknown as a made-up one. */
export const handler = useCase(reportRoutes.getReportFile, async ({ caller, params }) => {
  const record = await readReport(caller.companyId, params.reportId);
  if (!record) throw notFound('REPORT_NOT_FOUND');
  if (record.status !== 'active') throw new DomainError(409, 'REPORT_NOT_READY');
  return csvFileLink(reportObjectKey(caller.companyId, record.reportId), reportFileName(reportRow(record)));
});
