import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { webhookDeliveryDays, webhookDisableAfterDays, webhookRetrySeconds } from '@shared/webhooks';
import { dynamo } from '../platform/aws/dynamo';
import { sendInBatches, sqs } from '../platform/aws/sqs';
import { webhooksQueueUrl } from '../platform/env';
import { entities, keys } from '../platform/keys';
import { logger } from '../platform/logger';
import { emailsPut } from '../platform/outbox';
import { conditionFailed, getItem, queryAll, tableName, transact, type TransactItem } from '../platform/table';
import { postWebhook, signWebhook } from './webhook-post';
import { openSigningSecrets } from './signing-secrets';
import type { WebhookEvent, WebhookMessage } from './publish-event';
import { companyEndpoints, webhookDeliveryRecord, webhookEndpointRecord, type WebhookDeliveryRecord, type WebhookEndpointRecord } from './webhook-records';

/** A failed attempt's retry comes as a delayed message when it is due within SQS's longest delay; later ones by the dispatcher. */
const longestMessageDelaySeconds = 900;
/** How long an attempt holds its delivery: longer than a post can take; a worker that died frees it after this. */
const claimSeconds = 120;

/**
 * One delivery per enabled endpoint that chose the event, written once (a redelivered event message writes none
 * again) already held by this first attempt, which posts it at once: two writes a delivery, not three.
 */
export async function fanOut(event: WebhookEvent, now = new Date()): Promise<number> {
  const endpoints = (await companyEndpoints(event.companyId)).filter(
    (endpoint) => endpoint.status === 'enabled' && (event.endpointId === undefined ? (endpoint.events as readonly string[]).includes(event.type) : endpoint.endpointId === event.endpointId),
  );
  const payload = JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });
  const heldUntil = new Date(now.getTime() + claimSeconds * 1000).toISOString();
  await Promise.all(
    endpoints.map(async (endpoint) => {
      const delivery: WebhookDeliveryRecord = {
        endpointId: endpoint.endpointId,
        companyId: event.companyId,
        deliveryId: event.id,
        eventType: event.type,
        payload,
        status: 'sending',
        attempts: 1,
        failuresInRow: 0,
        lastStatusCode: null,
        lastLatencyMs: null,
        lastError: null,
        lastResponseBody: null,
        lastAttemptAt: null,
        nextAttemptAt: heldUntil,
        createdAt: now.toISOString(),
      };
      try {
        await dynamo.send(
          new PutCommand({
            TableName: tableName(),
            Item: {
              ...keys.webhookDelivery(endpoint.endpointId, event.id),
              // Due again when this attempt has not finished by then (its worker died): the dispatcher takes it up.
              ...keys.webhookDue(heldUntil, endpoint.endpointId, event.id),
              entity: entities.webhookDelivery,
              ...delivery,
              expiresAt: Math.floor(now.getTime() / 1000) + webhookDeliveryDays * 24 * 60 * 60,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      } catch (error) {
        // Fanned out before (the event's message came again): that delivery goes its own way.
        if (conditionFailed(error)) return;
        throw error;
      }
      await post(delivery, endpoint, now);
    }),
  );
  return endpoints.length;
}

/**
 * Takes a delivery whose attempt is due (pending, retrying past its time, or held by an attempt that died), so two
 * messages for it (a delayed retry and the dispatcher's) post it once. Answers the delivery, or null when it is not
 * due or another attempt holds it.
 */
async function claim(endpointId: string, deliveryId: string, now: Date): Promise<WebhookDeliveryRecord | null> {
  const heldUntil = new Date(now.getTime() + claimSeconds * 1000).toISOString();
  try {
    const answer = await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookDelivery(endpointId, deliveryId),
        UpdateExpression: 'SET #status = :sending, nextAttemptAt = :held, gsi2sk = :dueSk ADD attempts :one',
        ConditionExpression: '#status IN (:pending, :retrying, :sending) AND nextAttemptAt <= :now',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':pending': 'pending',
          ':retrying': 'retrying',
          ':held': heldUntil,
          ':dueSk': keys.webhookDue(heldUntil, endpointId, deliveryId).gsi2sk,
          ':one': 1,
          ':now': now.toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return webhookDeliveryRecord.parse(answer.Attributes);
  } catch (error) {
    if (conditionFailed(error)) return null;
    throw error;
  }
}

/** A due delivery's attempt: taken (once, whoever asks), then posted unless its endpoint is gone or disabled. */
export async function attemptDelivery(endpointId: string, deliveryId: string, now = new Date()): Promise<void> {
  const delivery = await claim(endpointId, deliveryId, now);
  if (!delivery) return;
  const endpointItem = await getItem(keys.webhookEndpoint(delivery.companyId, endpointId));
  const endpoint = endpointItem ? webhookEndpointRecord.parse(endpointItem) : null;
  if (!endpoint || endpoint.status !== 'enabled') {
    // Deleted or disabled meanwhile: nothing is posted; the log says so.
    await finish(delivery, { status: 'failed', statusCode: null, latencyMs: null, error: endpoint ? 'endpoint disabled' : 'endpoint deleted', now });
    return;
  }
  await post(delivery, endpoint, now);
}

/** Posts a held delivery to its endpoint, signed with every secret that signs now, and records how it went. */
async function post(delivery: WebhookDeliveryRecord, endpoint: WebhookEndpointRecord, now: Date): Promise<void> {
  const { endpointId, deliveryId } = delivery;
  const timestamp = Math.floor(now.getTime() / 1000);
  // Opened here, not posted unsigned: a secret that does not open (KMS refusing) fails the record, and the held
  // delivery is taken up again once its hold ends.
  const secrets = await openSigningSecrets(endpoint, now);
  const outcome = await postWebhook(endpoint.url, delivery.payload, {
    'webhook-id': delivery.deliveryId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signWebhook(secret, delivery.deliveryId, timestamp, delivery.payload)).join(' '),
    'user-agent': 'BonusCardPortal-Webhooks/1',
  });
  if (outcome.ok) {
    await finish(delivery, { status: 'delivered', statusCode: outcome.statusCode, latencyMs: outcome.latencyMs, error: null, responseBody: outcome.responseBody, now });
    if (endpoint.failingSince) await endpointSucceeded(endpoint);
    return;
  }
  const delay = webhookRetrySeconds[delivery.failuresInRow];
  if (delay === undefined) {
    // The schedule is spent (about 27 hours): the delivery ends failed, kept in the log for a redelivery by hand.
    await finish(delivery, { status: 'failed', statusCode: outcome.statusCode, latencyMs: outcome.latencyMs, error: outcome.error, responseBody: outcome.responseBody, now });
  } else {
    const nextAttemptAt = new Date(now.getTime() + delay * 1000);
    await finish(delivery, { status: 'retrying', statusCode: outcome.statusCode, latencyMs: outcome.latencyMs, error: outcome.error, responseBody: outcome.responseBody, now, nextAttemptAt });
    if (delay <= longestMessageDelaySeconds) await queueDelivery(endpointId, deliveryId, delay);
  }
  await endpointFailed(endpoint, now);
}

interface Outcome {
  status: 'delivered' | 'retrying' | 'failed';
  statusCode: number | null;
  latencyMs: number | null;
  error: string | null;
  /** The answer's first bytes; null when nothing answered. */
  responseBody?: string | null;
  now: Date;
  nextAttemptAt?: Date;
}

async function finish(delivery: WebhookDeliveryRecord, outcome: Outcome): Promise<void> {
  const retrying = outcome.status === 'retrying' && outcome.nextAttemptAt;
  const next = retrying ? outcome.nextAttemptAt?.toISOString() : null;
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.webhookDelivery(delivery.endpointId, delivery.deliveryId),
      UpdateExpression: `SET #status = :status, lastStatusCode = :code, lastLatencyMs = :latency, lastError = :error, lastResponseBody = :response, lastAttemptAt = :now, nextAttemptAt = :next, failuresInRow = :failures${
        retrying ? ', gsi2pk = :duePk, gsi2sk = :dueSk' : ' REMOVE gsi2pk, gsi2sk'
      }`,
      ConditionExpression: '#status = :sending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': outcome.status,
        ':code': outcome.statusCode,
        ':latency': outcome.latencyMs,
        ':error': outcome.error,
        ':response': outcome.responseBody ?? null,
        ':now': outcome.now.toISOString(),
        ':next': next,
        ':failures': outcome.status === 'delivered' ? 0 : delivery.failuresInRow + 1,
        ':sending': 'sending',
        ...(retrying ? { ':duePk': keys.webhookDue('', '', '').gsi2pk, ':dueSk': keys.webhookDue(next ?? '', delivery.endpointId, delivery.deliveryId).gsi2sk } : {}),
      },
    }),
  );
}

async function queueDelivery(endpointId: string, deliveryId: string, delaySeconds = 0): Promise<void> {
  const message: WebhookMessage = { kind: 'delivery', endpointId, deliveryId };
  await sqs.send(new SendMessageCommand({ QueueUrl: webhooksQueueUrl(), MessageBody: JSON.stringify(message), DelaySeconds: delaySeconds }));
}

/** The endpoint answered again: it is not failing any more. */
async function endpointSucceeded(endpoint: WebhookEndpointRecord): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.webhookEndpoint(endpoint.companyId, endpoint.endpointId),
      UpdateExpression: 'SET failingSince = :none',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':none': null },
    }),
  ).catch(() => undefined);
}

/**
 * A failed attempt: the endpoint is failing from now unless it already was. Failing for webhookDisableAfterDays with
 * no success between, it is disabled (once, under a condition) and its company's owners are told by e-mail.
 */
async function endpointFailed(endpoint: WebhookEndpointRecord, now: Date): Promise<void> {
  const key = keys.webhookEndpoint(endpoint.companyId, endpoint.endpointId);
  if (!endpoint.failingSince) {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET failingSince = :now',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(failingSince) OR failingSince = :none)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':none': null },
      }),
    ).catch((error: unknown) => {
      if (!conditionFailed(error)) throw error;
    });
    return;
  }
  if (now.getTime() - Date.parse(endpoint.failingSince) < webhookDisableAfterDays * 24 * 60 * 60 * 1000) return;
  const { endpointDisabledEmails } = await import('./endpoint-mail');
  // The owners' e-mails commit with the disabling (the outbox): told once, by the attempt that disabled it.
  const told = emailsPut(await endpointDisabledEmails(endpoint));
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET #status = :disabled, disabledReason = :failing',
          ConditionExpression: '#status = :enabled',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':disabled': 'disabled', ':failing': 'failing', ':enabled': 'enabled' },
        },
      },
      ...told,
    ]);
  } catch (error) {
    if (conditionFailed(error)) return;
    throw error;
  }
  logger.warn('webhook endpoint disabled after failing for days', { companyId: endpoint.companyId, endpointId: endpoint.endpointId, failingSince: endpoint.failingSince });
}

/**
 * The dispatcher (every minute; locally every few seconds): every delivery whose next attempt is due (a retry past its
 * time, or one an attempt that died left held or pending) goes on the queue again. Answers how many.
 */
export async function dispatchDueDeliveries(now = new Date()): Promise<number> {
  const due = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :due AND gsi2sk <= :now',
    ExpressionAttributeValues: { ':due': keys.webhookDue('', '', '').gsi2pk, ':now': `${now.toISOString()}#~` },
    ProjectionExpression: 'endpointId, deliveryId',
  });
  const messages = due.map((item) => z.object({ endpointId: z.string(), deliveryId: z.string() }).parse(item));
  await sendInBatches(webhooksQueueUrl(), messages.map((message) => JSON.stringify({ kind: 'delivery', ...message } satisfies WebhookMessage)));
  return messages.length;
}

/**
 * Sends a delivery again by hand (a redeliver button): due at once, its retry schedule from the start, with `record`
 * (who asked for it) in the same transaction. One an attempt holds is answered as it is, and nothing is recorded.
 */
export async function redeliver(companyId: string, endpointId: string, deliveryId: string, record: (delivery: WebhookDeliveryRecord) => TransactItem, now = new Date()): Promise<WebhookDeliveryRecord | null> {
  const item = await getItem(keys.webhookDelivery(endpointId, deliveryId));
  const delivery = item ? webhookDeliveryRecord.parse(item) : null;
  if (!delivery || delivery.companyId !== companyId) return null;
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: keys.webhookDelivery(endpointId, deliveryId),
          UpdateExpression: 'SET #status = :pending, nextAttemptAt = :now, failuresInRow = :zero, gsi2pk = :duePk, gsi2sk = :dueSk',
          // Not while an attempt holds it: the button answers with the delivery as it is.
          ConditionExpression: '#status IN (:delivered, :failed, :retrying)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':pending': 'pending',
            ':now': now.toISOString(),
            ':zero': 0,
            ':duePk': keys.webhookDue('', '', '').gsi2pk,
            ':dueSk': keys.webhookDue(now.toISOString(), endpointId, deliveryId).gsi2sk,
            ':delivered': 'delivered',
            ':failed': 'failed',
            ':retrying': 'retrying',
          },
        },
      },
      record(delivery),
    ]);
  } catch (error) {
    if (!conditionFailed(error, 0)) throw error;
    return delivery;
  }
  await queueDelivery(endpointId, deliveryId);
  return webhookDeliveryRecord.parse(await getItem(keys.webhookDelivery(endpointId, deliveryId)));
}
