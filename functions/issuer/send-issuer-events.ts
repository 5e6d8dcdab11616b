import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import { issuerEventSchema, issuerSignatureHeader, type IssuerEvent } from '@shared/issuer-events';
import { sandboxMessageSchema } from './sandbox-card-issuer';
import { dynamo } from '../platform/aws/dynamo';
import { issuerWebhookUrl } from '../platform/env';
import { issuerWebhookSecret, signIssuerEvent } from './issuer-signature';
import { keys } from '../platform/keys';
import { logger } from '../platform/logger';
import { conditionFailed, tableName } from '../platform/table';
import { readableError } from '../platform/readable-error';

/** Shorter than the function's timeout, so a hanging webhook fails its record instead of the whole batch. */
const postTimeoutMs = 10_000;

/** Cards the sandbox will not deliver any more: closed or replaced before they arrived. */
const undeliverable = new Set(['closed', 'replaced']);

/**
 * The card issuer sandbox's sender: it takes the events the sandbox queued (a card's delivery, after its delay),
 * carries out on its own side what the event says, stamps the time, signs the event and posts it to our webhook as
 * an external issuer would. A record whose post fails is reported back (partial batch response), so SQS hands it
 * out again and finally moves it to the dead-letter queue; the others are done.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const outcomes = await Promise.allSettled(event.Records.map((record) => send(record)));
  const batchItemFailures: SQSBatchItemFailure[] = [];
  for (const [index, outcome] of outcomes.entries()) {
    const record = event.Records[index];
    if (outcome.status === 'fulfilled' || !record) continue;
    logger.error('issuer event not delivered', { messageId: record.messageId, error: await readableError(outcome.reason) });
    batchItemFailures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures };
}

async function send(record: SQSRecord): Promise<void> {
  const message = sandboxMessageSchema.parse(JSON.parse(record.body));
  if (message.type === 'card.delivered' && !(await deliver(message.cardId))) {
    logger.info('sandbox card no longer deliverable; event dropped', { eventId: message.eventId, cardId: message.cardId });
    return;
  }
  const issuerEvent: IssuerEvent = issuerEventSchema.parse({ ...message, occurredAt: message.occurredAt ?? new Date().toISOString() });
  const body = JSON.stringify(issuerEvent);
  const answer = await fetch(issuerWebhookUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [issuerSignatureHeader]: signIssuerEvent(await issuerWebhookSecret(), body) },
    body,
    signal: AbortSignal.timeout(postTimeoutMs),
  });
  if (!answer.ok) throw new Error(`the webhook answered ${answer.status}: ${(await answer.text()).slice(0, 500)}`);
}

const sandboxCardStatus = /* @__PURE__ */ z.object({ status: z.string() });

/**
 * The sandbox's side of a delivery: the card goes from ordered to delivered. A card found delivered already is a
 * retried message (the event is posted again; the webhook knows its id). Answers whether the event should go out.
 */
async function deliver(cardId: string): Promise<boolean> {
  const key = keys.sandboxCard(cardId);
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #status = :delivered, deliveredAt = :now',
        ConditionExpression: '#status = :ordered',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':delivered': 'delivered', ':ordered': 'ordered', ':now': new Date().toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
  const found = await dynamo.send(new GetCommand({ TableName: tableName(), Key: key }));
  if (!found.Item) return false;
  return !undeliverable.has(sandboxCardStatus.parse(found.Item).status);
}
