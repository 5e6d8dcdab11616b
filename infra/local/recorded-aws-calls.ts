import { join } from 'node:path';
import * as z from 'zod';
import { projectRoot, region } from './settings';

/**
 * What the local cloud's functions asked AWS for during a run (infra/local/aws-call-recorder.ts), as IAM would judge
 * each request: the action, and the resource as an ARN built from the local names in the account and region below.
 * infra/wiring/role-check.ts evaluates every one against the function's role in the synthesized templates, whose ARNs
 * it resolves with the same account, region and names (infra/wiring/template-values.ts).
 */
export const recordedAccountId = '000000000000';
export const recordedRegion = region;

export const recordedCallSchema = z.object({
  /** The handler module whose invocation made the call, as definitions and routes name it: 'funding/fund-employee'. */
  function: z.string().min(1),
  /** The IAM action the request is authorized as: 'dynamodb:PutItem', 's3:GetObject' (a HeadObject), 'sqs:SendMessage'. */
  action: z.string().regex(/^[a-z0-9-]+:[A-Za-z0-9]+$/),
  /** The ARN IAM matches the policy's resources against; '*' where the action has none (an SMS to a phone number). */
  resource: z.string().min(1),
  /** The condition keys the request carries that our policies test: 's3:prefix', 'ses:FromAddress', 'kms:EncryptionContext:purpose'. */
  context: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** How many times the run made this same request. */
  count: z.number().int().positive(),
});
export type RecordedCall = z.infer<typeof recordedCallSchema>;

export const recordedCallsFileSchema = z.object({
  /** Which run wrote it: 'integration', 'e2e-3', 'start'. */
  label: z.string().min(1),
  /** The environment the local cloud gave its handlers: ties the template's names (TABLE_NAME, queue URLs) to the local ones. */
  environment: z.record(z.string(), z.string()),
  calls: z.array(recordedCallSchema),
  /** Requests no IAM policy decides (Cognito's token-authorized user APIs), counted by action, for the report. */
  notIamAuthorized: z.record(z.string(), z.number().int().nonnegative()),
});
export type RecordedCallsFile = z.infer<typeof recordedCallsFileSchema>;

/** A queue's name, as SQS forms its ARN: the last segment of its URL (a name alone is its own). */
export function queueNameOf(queueUrl: string): string {
  return queueUrl.replace(/\/+$/, '').split('/').at(-1) ?? queueUrl;
}

/** The label of the handlers integration tests run in their own process (test/integration/cloud-environment.ts). */
export const inProcessTestsLabel = 'integration-tests';

/** Where the test runs leave their recorded calls (run-all.ts empties it first): one file per local cloud process. */
export const recordedCallsDir = join(projectRoot, 'test-results', 'aws-calls');
/** Set to a folder, the local cloud records its functions' AWS calls there (the test runs set it; `npm start` does not). */
export const recordedCallsDirVariable = 'PORTAL_AWS_CALLS_DIR';
