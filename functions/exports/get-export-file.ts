import { exportFileLink } from './export-jobs';
import { useCase } from '../platform/use-case';
import * as transactionRoutes from '@shared/api/routes/transaction-routes';

/** The finished file as a presigned link the browser fetches as a blob: Lambda's 6 MB answer cannot carry it. */
export const handler = useCase(transactionRoutes.getExportFile, async ({ caller, params }) => exportFileLink(caller.companyId, params.fileId));
