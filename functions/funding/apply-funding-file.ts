import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { fundingFileView, startApplying } from './funding-files';
import * as fundingRoutes from '@shared/api/routes/funding-routes';

/** Applies a previewed file once (a second request reads its progress); large files go to the funding worker. */
export const handler = useCase(fundingRoutes.applyFundingFile, async ({ caller, params }) =>
  fundingFileView(await startApplying(caller.companyId, params.fileId, actorOfCaller(caller, 'company_user'))),
);
