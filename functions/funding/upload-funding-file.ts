import { useCase } from '../platform/use-case';
import { fundingFileView, previewFile } from './funding-files';
import * as fundingRoutes from '@shared/api/routes/funding-routes';

/** A filled-in template: stored and checked row by row; the answer is the preview (nothing moves yet). */
export const handler = useCase(fundingRoutes.uploadFundingFile, async ({ caller, body }) =>
  fundingFileView(await previewFile(caller.companyId, caller.userId, body.fileName, body.content)),
);
