import { deployJob } from '../platform/deploy-job';
import { indexCardStatements } from '../money';

/**
 * The migration of issue 32, a deploy job (infra/definitions.ts): indexes the card legs written before an employee's
 * card statement existed, once the funding functions that write every new leg with its key are in place (it is one of
 * theirs, so CloudFormation orders it after them). Until it has run, her /card history shows what came after the
 * deploy; run again, it finds nothing to index, and indexes any leg a function not yet updated wrote meanwhile.
 */
export const handler = deployJob('indexing card statements', async () => ({ indexed: await indexCardStatements() }));
