import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { fundingFileView, startApplying } from './funding-files';

/** Applies a previewed file once (a second request reads its progress); large files go to the funding worker. */
export const handler = useCase('POST /funding/files/{fileId}/apply', async ({ caller, params }) =>
  fundingFileView(await startApplying(caller.companyId, params.fileId, actorOfCaller(caller, 'company_user'))),
);
