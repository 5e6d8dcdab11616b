import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';

/**
 * The export worker alone in its own process, so the bench can sample its memory: writes an export job of the whole
 * year for the company named by argv[2] (no queue message: the local cloud's workers must not take it too), runs the
 * worker's handler on it as SQS would deliver it, and prints the outcome as JSON. The handlers' environment comes in.
 */
async function main(): Promise<void> {
  const companyId = process.argv[2] ?? '';
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const { dynamo } = await import('@functions/platform/clients');
  const { entities, keys } = await import('@functions/platform/keys');
  const { tableName, getItem } = await import('@functions/platform/table');
  const { handler } = await import('@functions/transactions/export-transactions');
  const fileId = randomUUID();
  const now = new Date();
  await dynamo.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.exportJob(companyId, fileId),
        entity: entities.exportJob,
        companyId,
        fileId,
        kind: 'transactions',
        status: 'generating',
        filters: { dateLimit: '1y' },
        lang: 'en',
        fileName: 'bench-transactions.csv',
        emailTo: null,
        requestedBy: 'bench',
        createdAt: now.toISOString(),
        rows: null,
        expiresAt: Math.floor(now.getTime() / 1000) + 86_400,
      },
    }),
  );
  const began = performance.now();
  const event = {
    Records: [{ messageId: fileId, body: JSON.stringify({ companyId, fileId }), attributes: { ApproximateReceiveCount: '1' } }],
  } as unknown as SQSEvent;
  const outcome = await handler(event);
  const seconds = (performance.now() - began) / 1000;
  const job = await getItem(keys.exportJob(companyId, fileId));
  process.stdout.write(`${JSON.stringify({ seconds, failures: outcome.batchItemFailures.length, status: job?.status, rows: job?.rows })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
