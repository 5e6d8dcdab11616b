import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ActivityAction, AuditFieldValues } from '@shared/activity';
import { webhookEndpointsPerCompany, webhookSecretOverlapHours, webhookTestEventType, type CreateWebhookEndpointBody, type WebhookEventType } from '@shared/webhooks';
import { auditPut, type Actor } from '../platform/audit';
import { dynamo } from '../platform/aws/dynamo';
import { DomainError, notFound, validationFailed } from '../platform/errors';
import { entities, keys } from '../platform/keys';
import { changeEachScanned, conditionFailed, getItem, tableName, transact, type TransactItem } from '../platform/table';
import { holdsPlaintext, sealedSecrets, sealSigningSecret } from './signing-secrets';
import { urlAllowed } from './webhook-post';
import { companyEndpoints, newEndpointId, newWebhookSecret, webhookDeliveryRecord, webhookEndpointRecord, type WebhookDeliveryRecord, type WebhookEndpointRecord } from './webhook-records';

/** The deliveries an endpoint's log shows: its newest. */
const loggedDeliveries = 50;

export async function readEndpoint(companyId: string, endpointId: string): Promise<WebhookEndpointRecord> {
  const item = await getItem(keys.webhookEndpoint(companyId, endpointId));
  if (!item) throw notFound('NOT_FOUND');
  return webhookEndpointRecord.parse(item);
}

/** Refused before anything is written: an address that would reach inside the cloud (SSRF), named on the field. */
async function checkUrl(url: string): Promise<void> {
  if (!(await urlAllowed(url))) throw new DomainError(400, 'WEBHOOK_URL_NOT_ALLOWED', { url: 'WEBHOOK_URL_NOT_ALLOWED' });
}

/**
 * What the company's audit log says of an endpoint: its address without what may be a credential (a user and password,
 * a query or a fragment, which some receivers use for a token), its events and whether it is enabled. Never a secret.
 */
export function endpointFields(endpoint: Pick<WebhookEndpointRecord, 'endpointId' | 'url' | 'events' | 'status'>): AuditFieldValues {
  return { endpointId: endpoint.endpointId, url: shownUrl(endpoint.url), events: endpoint.events.join(' '), webhookStatus: endpoint.status };
}

export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '';
  }
}

function endpointRecord(endpoint: WebhookEndpointRecord, actor: Actor, action: ActivityAction, before: AuditFieldValues, after: AuditFieldValues, at: string): TransactItem {
  return auditPut({ companyId: endpoint.companyId, actor, action, target: { type: 'company', id: endpoint.companyId }, before, after, at });
}

/** A delivery sent again by hand, as the company's log records it: the endpoint and the event's type. */
export function redeliveryRecord(endpoint: WebhookEndpointRecord, actor: Actor): (delivery: WebhookDeliveryRecord) => TransactItem {
  return (delivery) => endpointRecord(endpoint, actor, 'webhook.redeliver', {}, { endpointId: endpoint.endpointId, deliveryId: delivery.deliveryId, url: shownUrl(endpoint.url), events: delivery.eventType }, new Date().toISOString());
}

/** A test event the owner sent to an endpoint, as the company's log records it: the endpoint and the event's id. */
export function testEventRecord(endpoint: WebhookEndpointRecord, actor: Actor, eventId: string, at: string): TransactItem {
  return endpointRecord(endpoint, actor, 'webhook.test', {}, { endpointId: endpoint.endpointId, deliveryId: eventId, url: shownUrl(endpoint.url), events: webhookTestEventType }, at);
}

/** A new endpoint with its first secret, which is answered here and never again; recorded in the company's log. */
export async function createEndpoint(companyId: string, userId: string, body: CreateWebhookEndpointBody, actor: Actor, now = new Date()): Promise<{ endpoint: WebhookEndpointRecord; secret: string }> {
  const url = body.url.trim();
  await checkUrl(url);
  if ((await companyEndpoints(companyId)).length >= webhookEndpointsPerCompany) throw new DomainError(409, 'WEBHOOK_ENDPOINT_LIMIT');
  const secret = newWebhookSecret();
  const endpointId = newEndpointId();
  const endpoint: WebhookEndpointRecord = {
    endpointId,
    companyId,
    url,
    events: body.events,
    status: 'enabled',
    disabledReason: null,
    secrets: [await sealSigningSecret({ companyId, endpointId }, secret, now.toISOString())],
    createdAt: now.toISOString(),
    createdBy: userId,
    failingSince: null,
  };
  await transact([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.webhookEndpoint(companyId, endpoint.endpointId), entity: entities.webhookEndpoint, ...endpoint },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    endpointRecord(endpoint, actor, 'webhook.create', {}, endpointFields(endpoint), now.toISOString()),
  ]);
  return { endpoint, secret };
}

/**
 * Changes the events an endpoint gets, or enables or disables it; enabling starts its failure count afresh. The change
 * is written over the endpoint as read (another change meanwhile answers 409 CONFLICT), with its audit record.
 */
export async function updateEndpoint(companyId: string, endpointId: string, change: { events?: WebhookEventType[]; enabled?: boolean }, actor: Actor): Promise<WebhookEndpointRecord> {
  const current = await readEndpoint(companyId, endpointId);
  const set: string[] = [];
  const values: Record<string, unknown> = {};
  if (change.events) {
    set.push('events = :events');
    values[':events'] = change.events;
  }
  if (change.enabled !== undefined) {
    set.push('#status = :status, disabledReason = :reason, failingSince = :none');
    Object.assign(values, { ':status': change.enabled ? 'enabled' : 'disabled', ':reason': change.enabled ? null : 'owner', ':none': null });
  }
  if (set.length === 0) throw validationFailed({ _: 'REQUIRED' });
  const next: WebhookEndpointRecord = {
    ...current,
    ...(change.events ? { events: change.events } : {}),
    ...(change.enabled !== undefined ? { status: change.enabled ? 'enabled' : 'disabled', disabledReason: change.enabled ? null : 'owner', failingSince: null } : {}),
  };
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: keys.webhookEndpoint(companyId, endpointId),
          UpdateExpression: `SET ${set.join(', ')}`,
          ConditionExpression: 'events = :readEvents AND #status = :readStatus',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ...values, ':readEvents': current.events, ':readStatus': current.status },
        },
      },
      endpointRecord(current, actor, 'webhook.update', endpointFields(current), endpointFields(next), new Date().toISOString()),
    ]);
  } catch (error) {
    if (conditionFailed(error, 0)) throw new DomainError(409, 'CONFLICT');
    throw error;
  }
  return webhookEndpointRecord.parse(await getItem(keys.webhookEndpoint(companyId, endpointId), { consistent: true }));
}

export async function deleteEndpoint(companyId: string, endpointId: string, actor: Actor): Promise<void> {
  const endpoint = await readEndpoint(companyId, endpointId);
  try {
    await transact([
      { Delete: { TableName: tableName(), Key: keys.webhookEndpoint(companyId, endpointId), ConditionExpression: 'attribute_exists(pk)' } },
      endpointRecord(endpoint, actor, 'webhook.delete', endpointFields(endpoint), {}, new Date().toISOString()),
    ]);
  } catch (error) {
    if (conditionFailed(error, 0)) throw notFound('NOT_FOUND');
    throw error;
  }
}

/**
 * A new secret for the endpoint, answered once. The one it replaces keeps signing beside it for
 * webhookSecretOverlapHours, so the receiver can take the new one without refusing a delivery meanwhile. The audit
 * record says that it was replaced, never a secret.
 */
export async function rotateSecret(companyId: string, endpointId: string, actor: Actor, now = new Date()): Promise<{ endpoint: WebhookEndpointRecord; secret: string }> {
  const endpoint = await readEndpoint(companyId, endpointId);
  const secret = newWebhookSecret();
  const overlapEnds = new Date(now.getTime() + webhookSecretOverlapHours * 60 * 60 * 1000).toISOString();
  // A secret made before issue 30 is sealed as it is carried over: what this writes holds none in plaintext.
  const current = await sealedSecrets({ ...endpoint, secrets: endpoint.secrets.filter((candidate) => candidate.expiresAt === null) });
  const secrets = [await sealSigningSecret(endpoint, secret, now.toISOString()), ...current.map((candidate) => ({ ...candidate, expiresAt: overlapEnds }))];
  const named = endpointFields(endpoint);
  await transact([
    {
      Update: {
        TableName: tableName(),
        Key: keys.webhookEndpoint(companyId, endpointId),
        UpdateExpression: 'SET secrets = :secrets',
        // Rotated by another request since it was read: this rotation is refused rather than losing that one's secret.
        ConditionExpression: 'secrets = :read',
        ExpressionAttributeValues: { ':secrets': secrets, ':read': endpoint.secrets },
      },
    },
    endpointRecord(endpoint, actor, 'webhook.rotate_secret', { endpointId, url: named.url ?? null }, { endpointId, url: named.url ?? null }, now.toISOString()),
  ]).catch((error: unknown) => {
    if (conditionFailed(error, 0)) throw new DomainError(409, 'CONFLICT');
    throw error;
  });
  return { endpoint: webhookEndpointRecord.parse({ ...endpoint, secrets }), secret };
}

export async function endpointDeliveries(companyId: string, endpointId: string): Promise<WebhookDeliveryRecord[]> {
  await readEndpoint(companyId, endpointId);
  const { pk } = keys.webhookDelivery(endpointId, '');
  const page = await dynamo.send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ScanIndexForward: false, Limit: loggedDeliveries }),
  );
  return (page.Items ?? []).map((item) => webhookDeliveryRecord.parse(item));
}

/**
 * Seals every signing secret still stored in plaintext (endpoints made before issue 30): run at deploy by
 * seal-webhook-secrets.ts, and by the local cloud when it starts on kept data. No key leads to every company's
 * endpoints, so this scans the table, once per deploy that changes it; running it again finds nothing to seal. Answers
 * how many endpoints it rewrote.
 */
export async function sealPlaintextSecrets(): Promise<number> {
  return changeEachScanned({ FilterExpression: 'entity = :endpoint', ExpressionAttributeValues: { ':endpoint': entities.webhookEndpoint } }, (item) =>
    sealEndpoint(webhookEndpointRecord.parse(item)),
  );
}

/**
 * Rewrites one endpoint's secrets sealed, under the condition that they are still the ones read: a rotation or a
 * delete meanwhile wins, and the endpoint is read again (a rotation has sealed them already).
 */
async function sealEndpoint(read: WebhookEndpointRecord): Promise<boolean> {
  const key = keys.webhookEndpoint(read.companyId, read.endpointId);
  let endpoint: WebhookEndpointRecord | null = read;
  for (let attempt = 1; endpoint && holdsPlaintext(endpoint); attempt += 1) {
    try {
      await dynamo.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET secrets = :sealed',
          ConditionExpression: 'secrets = :read',
          ExpressionAttributeValues: { ':sealed': await sealedSecrets(endpoint), ':read': endpoint.secrets },
        }),
      );
      return true;
    } catch (error) {
      if (!conditionFailed(error) || attempt >= 3) throw error;
      const item = await getItem(key);
      endpoint = item ? webhookEndpointRecord.parse(item) : null;
    }
  }
  return false;
}
