import type { RoleCheckReport } from './check-recorded-calls';
import { iamPatternMatches, type Grant } from './role-check';

/**
 * Grants that stay although no recorded call uses them, each with its reason (docs/decisions.md "Every AWS call the
 * tests make is checked against the deployed role"). The report lists these apart from the rest, which are candidates
 * for removal or for a test that takes their path.
 */
export const grantsThatStay: readonly { action: string; resource?: string; why: string }[] = [
  { action: 'logs:*', why: 'the Lambda runtime writes the function\'s logs with its role; no SDK call of ours does' },
  {
    action: 'dynamodb:*',
    why: 'the table is granted by access level (RouteNeeds.table: read, update, readWrite, each with both indexes), not per operation: which item operations a use case issues depends on its path (a retry, a conflict, a transaction\'s condition checks), and a path no test took must not fail in production',
  },
  {
    action: 's3:*Object',
    why: 'objects are granted by access level under their prefix (RouteNeeds documents, uploads, reports, exports), as the table is',
  },
  { action: 's3:AbortMultipartUpload', why: 'a report or export writer aborts its own upload only when it fails mid-file' },
  { action: 's3:ListBucket', why: 'S3 answers a read of a missing key 404 only to a caller allowed to list the bucket, else 403; the recorder counts the list when a read finds nothing' },
  { action: 'secretsmanager:GetSecretValue', why: 'no Secrets Manager emulator: locally the issuer\'s webhook secret is given as a value; the stack tests pin the statement' },
  { action: 'kms:*', why: 'no KMS emulator: locally the webhook secrets key is given as a value; the stack tests pin the statement and its encryption-context condition' },
  {
    action: 'sqs:*',
    resource: '*DeadLetters*',
    why: 'a schedule\'s dead-letter queue, which Lambda sends a failed asynchronous run to with the function\'s role (its on-failure destination); the local timers log a failure instead',
  },
  {
    action: 'sqs:*',
    resource: '*GivenUp*',
    why: 'the outbox relay\'s on-failure destination, which Lambda\'s stream event source sends a record it gave up on to with the function\'s role; the local relay logs it instead',
  },
  {
    action: 'sqs:GetQueue*',
    why: 'part of the SQS event source\'s grant (CDK\'s SqsEventSource), for Lambda\'s own poller; the local poller reads the queue\'s attributes only once',
  },
  { action: 'sqs:ChangeMessageVisibility', why: 'a worker moves a failed record\'s next attempt (functions/platform/queue-worker.ts); runs without failures never do' },
  { action: 'cognito-idp:AdminDeleteUser', why: 'deletes the Cognito user again when the records written with it fail (sign-up, invitation): a failure path' },
];

export function reasonToKeep(grant: Grant): string | undefined {
  return grantsThatStay.find((kept) => iamPatternMatches(kept.action, grant.action) && (kept.resource === undefined || iamPatternMatches(kept.resource, grant.resource)))?.why;
}

/** The report `npm run grants:unused` prints and the role check writes to test-results/unused-grants.txt. */
export function unusedGrantsReport(report: RoleCheckReport): string {
  const kept = report.unused.flatMap((grant) => {
    const why = reasonToKeep(grant);
    return why ? [{ grant, why }] : [];
  });
  const candidates = report.unused.filter((grant) => reasonToKeep(grant) === undefined);
  const line = (grant: Grant) => `  functions/${grant.function}: ${grant.action} on ${grant.resource}`;
  return [
    `Grants no recorded call used (${report.functions} functions ran; ${report.distinctCalls} distinct calls)`,
    '',
    `Not explained: ${candidates.length}`,
    ...candidates.map(line),
    '',
    `Kept for a stated reason: ${kept.length}`,
    ...kept.map(({ grant, why }) => `${line(grant)}  (${why})`),
    '',
    `Functions with no recorded AWS call (never run, or run without calling AWS): ${report.functionsNeverRun.length}`,
    ...report.functionsNeverRun.map((handler) => `  functions/${handler}`),
    '',
    'Token-authorized requests (no IAM policy decides them):',
    ...Object.entries(report.notIamAuthorized).map(([action, count]) => `  ${action}: ${count}`),
    '',
  ].join('\n');
}
