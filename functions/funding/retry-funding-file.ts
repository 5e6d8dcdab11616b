import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { fundingFileView, retryFile } from './funding-files';
import * as fundingRoutes from '@shared/api/routes/funding-routes';

/** Applies the rest of a failed file (the rows applied before it failed are skipped); any other file is only read. */
export const handler = useCase(fundingRoutes.retryFundingFile, async ({ caller, params }) =>
  fundingFileView(await retryFile(caller.companyId, params.fileId, actorOfCaller(caller, 'company_user'))),
);
