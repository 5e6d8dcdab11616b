import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';

/**
 * The export worker alone in its own process, so the bench can sample its memory: writes an export job of the last six
 * months for the company named by argv[2] (no queue message: the local cloud's workers must not take it too), runs the
 * worker's handler on it as SQS would deliver it, and prints the outcome as JSON. The handlers' environment comes in.
 */
async function main(): Promise<void> {
  const companyId = process.argv[2] ?? '';
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const { dynamo } = await import('@functions/platform/clients');
  const { entities, keys } = await import('@functions/platform/keys');
  const { exportJobRecord } = await import('@functions/platform/export-jobs');
  const { tableName, getItem } = await import('@functions/platform/table');
  const { handler } = await import('@functions/transactions/export-transactions');
  const fileId = randomUUID();
  const now = new Date();
  // Parsed by the worker's own schema, so a job the worker would refuse fails here, not as an empty measurement.
  const job = exportJobRecord.parse({
    companyId,
    fileId,
    kind: 'transactions',
    status: 'generating',
    filters: { dateLimit: '6m' },
    lang: 'en',
    fileName: 'bench-transactions.csv',
    emailTo: 'bench-owner@test.local',
    // A day ahead: the file is never late, so the worker e-mails nobody.
    mailAfter: new Date(now.getTime() + 86_400_000).toISOString(),
    requestedBy: 'bench',
    createdAt: now.toISOString(),
    rows: null,
    expiresAt: Math.floor(now.getTime() / 1000) + 86_400,
  });
  await dynamo.send(new PutCommand({ TableName: tableName(), Item: { ...keys.exportJob(companyId, fileId), entity: entities.exportJob, ...job } }));
  const began = performance.now();
  const event = {
    Records: [{ messageId: fileId, body: JSON.stringify({ companyId, fileId }), attributes: { ApproximateReceiveCount: '1' } }],
  } as unknown as SQSEvent;
  const outcome = await handler(event);
  const seconds = (performance.now() - began) / 1000;
  const done = await getItem(keys.exportJob(companyId, fileId));
  process.stdout.write(`${JSON.stringify({ seconds, failures: outcome.batchItemFailures.length, status: done?.status, rows: done?.rows })}\n`);
  // 'active' is the report status shown as Available (SPEC section 4).
  if (done?.status !== 'active') process.exitCode = 2;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
