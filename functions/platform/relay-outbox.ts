import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { sendInBatches } from './aws/sqs';
import { invoicesQueueUrl, mailQueueUrl, webhooksQueueUrl } from './env';
import { entities } from './keys';
import { logAuditRecord } from './audit';
import { addLambdaContext, correlationIdAttribute, logger } from './logger';
import { outboxItemSchema, type OutboxItem, type OutboxQueue } from './outbox';
import { readableError } from './readable-error';

const queueUrlOf: Record<OutboxQueue, () => string> = {
  webhooks: () => webhooksQueueUrl(),
  mail: () => mailQueueUrl(),
  invoices: () => invoicesQueueUrl(),
};

/**
 * The table stream's consumer (in the cloud a Lambda whose event source mapping passes outbox and audit record INSERTs
 * only; locally infra/local/outbox-relay.ts): sends each outbox item's messages to its queue, in the stream's order,
 * and logs each audit record once, as committed (platform/audit.ts logAuditRecord). The first record that cannot be
 * sent is reported, so the stream hands it and those after it again (the ones before it stay done, those after it are
 * not done yet); a message sent twice that way is taken once by its receiver. Any other record is passed over,
 * whatever the filter let through.
 */
export async function handler(event: DynamoDBStreamEvent, context?: Partial<Context>): Promise<DynamoDBBatchResponse> {
  addLambdaContext(context);
  for (const record of event.Records) {
    const image = insertedImageOf(record);
    if (image?.entity === entities.auditRecord) logAuditRecord(image);
    const item = image ? outboxItemOf(image) : null;
    if (!item) continue;
    try {
      await relay(item);
    } catch (error) {
      logger.error('outbox item not relayed (the stream hands it again)', { outboxId: item.outboxId, queue: item.queue, error: await readableError(error) });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
}

function insertedImageOf(record: DynamoDBRecord): Record<string, unknown> | null {
  if (record.eventName !== 'INSERT' || !record.dynamodb?.NewImage) return null;
  try {
    // aws-lambda's AttributeValue and the SDK's describe the same wire shape.
    return unmarshall(record.dynamodb.NewImage as Record<string, AttributeValue>);
  } catch (error) {
    // Never readable however often it is handed again: logged for the operator, and the records after it go on.
    logger.error('stream record unreadable, passed over', { sequenceNumber: record.dynamodb.SequenceNumber, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

function outboxItemOf(image: Record<string, unknown>): OutboxItem | null {
  if (image.entity !== entities.outboxItem) return null;
  const parsed = outboxItemSchema.safeParse(image);
  if (!parsed.success) {
    // Never sendable however often it is handed again: logged for the operator, not retried.
    logger.error('outbox item unreadable, not relayed', { pk: String(image.pk), issues: parsed.error.issues.map((issue) => issue.message) });
    return null;
  }
  return parsed.data;
}

async function relay(item: OutboxItem): Promise<void> {
  const attributes = item.correlationId ? { MessageAttributes: { [correlationIdAttribute]: { DataType: 'String' as const, StringValue: item.correlationId } } } : {};
  const failed = await sendInBatches(queueUrlOf[item.queue](), item.messages, { entry: attributes });
  if (failed.length > 0) throw new Error(`SQS took ${item.messages.length - failed.length} of ${item.messages.length} messages: ${failed.map(({ code }) => code).join(', ')}`);
  logger.info('outbox item relayed', { outboxId: item.outboxId, queue: item.queue, messages: item.messages.length });
}
