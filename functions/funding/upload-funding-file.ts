import { useCase } from '../platform/use-case';
import { fundingFileView, previewFile } from './funding-files';

/** A filled-in template: stored and checked row by row; the answer is the preview (nothing moves yet). */
export const handler = useCase('POST /funding/files', async ({ caller, body }) =>
  fundingFileView(await previewFile(caller.companyId, caller.userId, body.fileName, body.content)),
);
