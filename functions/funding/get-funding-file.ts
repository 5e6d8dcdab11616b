import { useCase } from '../platform/use-case';
import { fundingFileView, readFundingFile } from './funding-files';
import * as fundingRoutes from '@shared/api/routes/funding-routes';

/** A funding file's preview, progress or result: the screen polls it while a background job runs. */
export const handler = useCase(fundingRoutes.getFundingFile, async ({ caller, params }) => fundingFileView(await readFundingFile(caller.companyId, params.fileId)));
