import { randomUUID } from 'node:crypto';
import { GetQueueAttributesCommand, GetQueueUrlCommand, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { employeeDetailSchema, employeeListAnswerSchema, type EmployeeDetail } from '@shared/employees';
import { issuerSignatureHeader, issuerSignatureToleranceSeconds, type IssuerEvent } from '@shared/issuer-events';
import { signIssuerEvent } from '@functions/issuer/issuer-signature';
import { keys } from '@functions/platform/keys';
import { localIssuerWebhookSecret } from '../../infra/local/local-cloud';
import { issuerDeliverySeconds, resourceNames } from '../../infra/local/settings';
import { api, cloud, documents, emulators, signIn } from './support';

let token: string;

beforeAll(async () => {
  token = await signIn('fleet-manager@test.local');
});

/** Posts an event to the webhook as the issuer does: the raw body signed with the shared secret. */
function postEvent(event: IssuerEvent | string, options: { secret?: string; at?: Date; signature?: string | null } = {}) {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  const signature = options.signature === undefined ? signIssuerEvent(options.secret ?? localIssuerWebhookSecret, body, options.at) : options.signature;
  return api('POST', '/issuer/events', { rawBody: body, headers: signature === null ? {} : { [issuerSignatureHeader]: signature } });
}

const eventOf = (type: IssuerEvent['type'], cardId: string): IssuerEvent => ({
  eventId: `evt_test_${type}_${cardId}_${randomUUID()}`,
  type,
  cardId,
  occurredAt: new Date().toISOString(),
});

async function employee(employeeId: string): Promise<EmployeeDetail> {
  const answer = await api('GET', `/employees/${employeeId}`, { token });
  expect(answer.status).toBe(200);
  return employeeDetailSchema.parse(answer.body);
}

/**
 * An ordered card of the seed: those have no delivery queued at the sandbox (a card ordered through the API has,
 * and the sandbox's own event would race the test's).
 */
async function seededOrderedCard(): Promise<{ employeeId: string; cardId: string }> {
  const answer = await api('GET', '/employees?cardStatus=ordered&itemsPerPage=100', { token });
  expect(answer.status).toBe(200);
  const row = employeeListAnswerSchema.parse(answer.body).rows.find((candidate) => candidate.employeeId.startsWith('fleet-emp-'));
  if (!row) throw new Error('the fleet company has no seeded ordered card left');
  const { cardId } = await employee(row.employeeId);
  if (!cardId) throw new Error(`employee ${row.employeeId} has no card id`);
  return { employeeId: row.employeeId, cardId };
}

describe('POST /issuer/events', () => {
  let ordered: { employeeId: string; cardId: string };
  let delivered: IssuerEvent;
  let historyAfterDelivery: number;

  beforeAll(async () => {
    ordered = await seededOrderedCard();
  });

  it('moves an ordered card to delivered on a signed card.delivered event, made by system', async () => {
    delivered = eventOf('card.delivered', ordered.cardId);
    const before = await employee(ordered.employeeId);
    expect(await postEvent(delivered)).toMatchObject({ status: 200, body: { received: true, applied: true } });

    const after = await employee(ordered.employeeId);
    expect(after).toMatchObject({ cardStatus: 'delivered', cardStatusChangedBy: 'system', status: 'created' });
    expect(after.history).toHaveLength(before.history.length + 1);
    expect(after.history[0]).toMatchObject({ action: 'issuer.card.delivered', changedBy: 'system', before: { cardStatus: 'ordered' }, after: { cardStatus: 'delivered' } });
    historyAfterDelivery = after.history.length;
  });

  it('changes nothing when the same event id comes again', async () => {
    expect(await postEvent(delivered)).toMatchObject({ status: 200, body: { received: true, applied: false } });
    const after = await employee(ordered.employeeId);
    expect(after.cardStatus).toBe('delivered');
    expect(after.history).toHaveLength(historyAfterDelivery);
  });

  it('records an event its card cannot take from the current status, answers 200 and changes nothing', async () => {
    const again = eventOf('card.delivered', ordered.cardId);
    expect(await postEvent(again)).toMatchObject({ status: 200, body: { received: true, applied: false } });
    const recorded = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.issuerEvent(again.eventId) }));
    expect(recorded.Item).toMatchObject({ eventId: again.eventId, outcome: 'not_allowed', cardStatusBefore: 'delivered' });
    expect((await employee(ordered.employeeId)).history).toHaveLength(historyAfterDelivery);
  });

  it('refuses a wrong, missing or malformed signature with 401 and changes nothing', async () => {
    const removal = eventOf('card.removed', ordered.cardId);
    const refused = { status: 401, body: { code: 'WEBHOOK_SIGNATURE_INVALID' } };
    expect(await postEvent(removal, { secret: `${localIssuerWebhookSecret}-but-not-quite` })).toMatchObject(refused);
    expect(await postEvent(removal, { signature: null })).toMatchObject(refused);
    expect(await postEvent(removal, { signature: 't=soon,v1=nothing' })).toMatchObject(refused);
    // A body changed after signing: the signature of the original does not cover it.
    const signature = signIssuerEvent(localIssuerWebhookSecret, JSON.stringify(eventOf('card.delivered', ordered.cardId)));
    expect(await postEvent(removal, { signature })).toMatchObject(refused);

    const after = await employee(ordered.employeeId);
    expect(after.cardStatus).toBe('delivered');
    expect(after.history).toHaveLength(historyAfterDelivery);
    const recorded = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.issuerEvent(removal.eventId) }));
    expect(recorded.Item).toBeUndefined();
  });

  it('refuses a signature older than the tolerance with 401', async () => {
    const removal = eventOf('card.removed', ordered.cardId);
    const at = new Date(Date.now() - (issuerSignatureToleranceSeconds + 60) * 1000);
    expect(await postEvent(removal, { at })).toMatchObject({ status: 401, body: { code: 'WEBHOOK_SIGNATURE_INVALID' } });
    expect((await employee(ordered.employeeId)).cardStatus).toBe('delivered');
  });

  it('answers an event for an unknown card with applied false', async () => {
    expect(await postEvent(eventOf('card.delivered', `sbx_unknown_${randomUUID()}`))).toMatchObject({ status: 200, body: { received: true, applied: false } });
  });

  it('answers a signed body that is not an event with 400, never 500', async () => {
    expect(await postEvent('{"eventId":')).toMatchObject({ status: 400, body: { code: 'MALFORMED_JSON' } });
    expect(await postEvent(JSON.stringify({ eventId: 'evt_x', type: 'card.teleported', cardId: ordered.cardId, occurredAt: 'yesterday' }))).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { type: expect.any(String), occurredAt: expect.any(String) } },
    });
  });
});

describe('the card issuer sandbox', () => {
  let deliveredCard: { employeeId: string; cardId: string } | undefined;

  it("delivers a newly ordered card after its delay, through its worker's signed event to the webhook", async () => {
    const added = await api('POST', '/employees', { token, body: { name: 'Pēteris', surname: 'Piegāde', confirmWithoutPhone: true } });
    expect(added.status).toBe(200);
    const orderedCard = employeeDetailSchema.parse(added.body);
    expect(orderedCard.cardStatus).toBe('ordered');
    if (!orderedCard.cardId) throw new Error('the new employee has no card id');

    const delivered = await vi.waitFor(
      async () => {
        const current = await employee(orderedCard.employeeId);
        if (current.cardStatus !== 'delivered') throw new Error(`card still ${current.cardStatus}`);
        return current;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(delivered).toMatchObject({ cardStatusChangedBy: 'system' });
    expect(delivered.history[0]).toMatchObject({ action: 'issuer.card.delivered', changedBy: 'system' });
    // fauxqs holds the message for its DelaySeconds: the delivery is not there before the sandbox's delay.
    const tookMs = Date.parse(delivered.cardStatusChangedAt) - Date.parse(orderedCard.cardStatusChangedAt);
    expect(tookMs).toBeGreaterThanOrEqual(issuerDeliverySeconds.test * 1000 - 500);

    const sandboxCard = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.sandboxCard(orderedCard.cardId) }));
    expect(sandboxCard.Item).toMatchObject({ status: 'delivered' });
    const recorded = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.issuerEvent(`evt_delivered_${orderedCard.cardId}`) }));
    expect(recorded.Item).toMatchObject({ outcome: 'applied', employeeId: orderedCard.employeeId });
    deliveredCard = { employeeId: orderedCard.employeeId, cardId: orderedCard.cardId };
  });

  it("keeps a message its worker could not send on the queue, and deletes the batch's others", async () => {
    if (!deliveredCard) throw new Error('needs the card the previous test saw delivered');
    const { cardId } = deliveredCard;
    const sqs = emulators().sqs;
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: resourceNames.queue('issuerSandbox') }));
    const good = { eventId: `evt_test_batch_${randomUUID()}`, type: 'card.suspended', cardId, occurredAt: null };
    await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries: [{ Id: 'good', MessageBody: JSON.stringify(good) }, { Id: 'poison', MessageBody: 'not an event' }] }));

    // The good one reaches the webhook, which records it (a delivered card cannot be suspended).
    await vi.waitFor(
      async () => {
        const recorded = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.issuerEvent(good.eventId) }));
        expect(recorded.Item).toMatchObject({ outcome: 'not_allowed', cardStatusBefore: 'delivered' });
      },
      { timeout: 10_000, interval: 50 },
    );
    // Then only the poison is left, invisible until the queue's visibility timeout hands it out again (and after
    // three receipts to the dead-letter queue): deleting the whole batch would leave nothing in flight.
    await vi.waitFor(
      async () => {
        const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'] }));
        expect(Attributes).toMatchObject({ ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesNotVisible: '1', ApproximateNumberOfMessagesDelayed: '0' });
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});
