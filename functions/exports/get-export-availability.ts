import { readExportJob } from './export-jobs';
import { useCase } from '../platform/use-case';
import * as transactionRoutes from '@shared/api/routes/transaction-routes';

/** Polled each second by the download modal (SPEC section 4); a failed file stays unavailable. */
export const handler = useCase(transactionRoutes.getExportAvailability, async ({ caller, params }) => {
  const job = await readExportJob(caller.companyId, params.fileId);
  return { available: job.status === 'active' };
});
