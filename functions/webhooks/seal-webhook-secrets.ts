import { deployJob } from '../platform/deploy-job';
import { sealPlaintextSecrets } from './endpoint-store';

/**
 * The migration of issue 30, a deploy job (infra/definitions.ts): seals the signing secrets that endpoints made before
 * it hold in plaintext, once the webhook functions that read both shapes and write only sealed ones are in place. Until
 * it has run, the plaintext shape is still read, so deliveries go on; run again, it finds nothing to seal.
 */
export const handler = deployJob('sealing webhook signing secrets', async () => ({ sealed: await sealPlaintextSecrets() }));
