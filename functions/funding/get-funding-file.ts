import { useCase } from '../platform/use-case';
import { fundingFileView, readFundingFile } from './funding-files';

/** A funding file's preview, progress or result: the screen polls it while a background job runs. */
export const handler = useCase('GET /funding/files/{fileId}', async ({ caller, params }) => fundingFileView(await readFundingFile(caller.companyId, params.fileId)));
