import { createHash } from 'node:crypto';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { issuerEventSchema, type IssuerEvent } from '@shared/issuer-events';
import { dynamo } from '../platform/aws/dynamo';
import { sendInBatches, sqs } from '../platform/aws/sqs';
import { issuerSandboxDeliverySeconds, issuerSandboxQueueUrl } from '../platform/env';
import { entities, keys } from '../platform/keys';
import { conditionFailed, tableName } from '../platform/table';
import { cardOrderBatchLimit, CardIssuerError, type CardIssuer, type CardOrder, type CardOrderAnswer, type CardStatusChange, type IssuedCard } from './card-issuer';

const sandboxStatuses = ['ordered', 'delivered', 'active', 'blocked', 'closed', 'replaced'] as const;

const sandboxCardRecord = /* @__PURE__ */ z.object({
  cardId: z.string(),
  lastDigits: z.string(),
  status: z.enum(sandboxStatuses),
  /**
   * Calls this card refuses, like a real issuer's test cards with magic values: the demo and the tests use it to
   * show the portal's answer to an issuer's refusal.
   */
  declines: z._default(z.array(z.string()), []),
});
type SandboxCard = z.infer<typeof sandboxCardRecord>;

/** What each status call needs the card to be in, on the issuer's side, and what it makes it. */
const statusChanges: Record<CardStatusChange, { from: readonly SandboxCard['status'][]; to: SandboxCard['status'] }> = {
  activate: { from: ['delivered', 'active'], to: 'active' },
  block: { from: ['active', 'blocked'], to: 'blocked' },
  unblock: { from: ['blocked', 'active'], to: 'active' },
  close: { from: ['ordered', 'delivered', 'active', 'blocked', 'closed'], to: 'closed' },
};

/** The same request id always names the same card, so a retried order does not order a second one. */
function cardOf(requestId: string): IssuedCard {
  const digest = createHash('sha256').update(requestId).digest('hex');
  return { cardId: `sbx_${digest.slice(0, 24)}`, lastDigits: String(parseInt(digest.slice(24, 32), 16) % 10_000).padStart(4, '0') };
}

/**
 * A card issuer that behaves like a real one, kept in our table under SANDBOX_ISSUER#: it orders cards, delivers
 * them after ISSUER_SANDBOX_DELIVERY_SECONDS (a delayed SQS message that its worker posts, signed, to our webhook),
 * and activates, blocks, unblocks, replaces and closes them.
 */
export class SandboxCardIssuer implements CardIssuer {
  async orderCard(request: { requestId: string }): Promise<IssuedCard> {
    return this.issue(request.requestId);
  }

  /**
   * A batch as a real issuer's bulk endpoint takes it: each order stored once by its request id (a retried batch finds
   * its cards and orders none again), then every delivery announced, ten to a queue call.
   */
  async orderCards(orders: readonly CardOrder[]): Promise<CardOrderAnswer[]> {
    if (orders.length > cardOrderBatchLimit) throw new CardIssuerError(`the issuer takes at most ${cardOrderBatchLimit} orders a batch`);
    const answers: CardOrderAnswer[] = [];
    for (let start = 0; start < orders.length; start += sandboxWritesAtOnce) {
      const cards = await Promise.all(orders.slice(start, start + sandboxWritesAtOnce).map((order) => this.store(order.requestId)));
      answers.push(...cards.map((card, index) => ({ requestId: orders[start + index]?.requestId ?? '', card })));
    }
    const deliveries = answers.flatMap((answer) => ('card' in answer ? [deliveredEvent(answer.card)] : []));
    await announceAll(deliveries, issuerSandboxDeliverySeconds());
    return answers;
  }

  async replaceCard(request: { requestId: string; cardId: string }): Promise<IssuedCard> {
    const old = await this.read(request.cardId);
    if (old.declines.includes('replace')) throw new CardIssuerError('the issuer declined the replacement');
    const card = await this.issue(request.requestId);
    await dynamo.send(new UpdateCommand({ TableName: tableName(), Key: keys.sandboxCard(old.cardId), UpdateExpression: 'SET #status = :replaced', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':replaced': 'replaced' } }));
    return card;
  }

  async changeCardStatus(request: { cardId: string; change: CardStatusChange }): Promise<void> {
    const card = await this.read(request.cardId);
    const rule = statusChanges[request.change];
    if (card.declines.includes(request.change)) throw new CardIssuerError(`the issuer declined ${request.change}`);
    if (!rule.from.includes(card.status)) throw new CardIssuerError(`the issuer cannot ${request.change} a card that is ${card.status}`);
    try {
      await dynamo.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.sandboxCard(card.cardId),
          UpdateExpression: 'SET #status = :to',
          ConditionExpression: '#status = :from',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':to': rule.to, ':from': card.status },
        }),
      );
    } catch (error) {
      if (!conditionFailed(error)) throw error;
      // Changed meanwhile, as a request sent twice at once does: already where it was asked to go is done, as at an
      // issuer that applies a request once; anything else is refused like a change from the wrong status.
      const now = await this.read(request.cardId);
      if (now.status !== rule.to) throw new CardIssuerError(`the issuer cannot ${request.change} a card that is ${now.status}`);
    }
  }

  async setLimits(request: { cardId: string; limitCents: number; annualLimitCents: number; mccGroups: readonly string[] }): Promise<void> {
    const card = await this.read(request.cardId);
    if (card.declines.includes('limits')) throw new CardIssuerError('the issuer declined the limits');
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.sandboxCard(card.cardId),
        UpdateExpression: 'SET limitCents = :limit, annualLimitCents = :annual, mccGroups = :groups',
        ExpressionAttributeValues: { ':limit': request.limitCents, ':annual': request.annualLimitCents, ':groups': request.mccGroups },
      }),
    );
  }

  private async read(cardId: string): Promise<SandboxCard> {
    const answer = await dynamo.send(new GetCommand({ TableName: tableName(), Key: keys.sandboxCard(cardId) }));
    if (!answer.Item) throw new CardIssuerError(`the issuer knows no card ${cardId}`);
    return sandboxCardRecord.parse(answer.Item);
  }

  private async issue(requestId: string): Promise<IssuedCard> {
    const card = await this.store(requestId);
    await announce(deliveredEvent(card), issuerSandboxDeliverySeconds());
    return card;
  }

  /** The card of a request id, made once: the request id is kept on it, so an order can be traced to its request. */
  private async store(requestId: string): Promise<IssuedCard> {
    const card = cardOf(requestId);
    try {
      await dynamo.send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.sandboxCard(card.cardId), entity: entities.sandboxCard, ...card, requestId, status: 'ordered', declines: [], orderedAt: new Date().toISOString() },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      // A retried order: the card exists already; its delivery is announced again and deduplicated by event id.
      if (!conditionFailed(error)) throw error;
    }
    return card;
  }
}

/** How many of a batch's cards the sandbox writes at once: a batch's writes in parallel, not all of them. */
const sandboxWritesAtOnce = 25;

type SandboxMessage = Omit<IssuerEvent, 'occurredAt'> & { occurredAt: string | null };

function deliveredEvent(card: IssuedCard): SandboxMessage {
  return { eventId: `evt_delivered_${card.cardId}`, type: 'card.delivered', cardId: card.cardId, occurredAt: null };
}

/** The events ten to a queue call (SQS's batch limit); one an entry the queue refused is sent on its own. */
async function announceAll(events: readonly SandboxMessage[], delaySeconds: number): Promise<void> {
  const failed = await sendInBatches(issuerSandboxQueueUrl(), events.map((event) => JSON.stringify(event)), { entry: { DelaySeconds: delaySeconds } });
  for (const { index } of failed) {
    const event = events[index];
    if (event) await announce(event, delaySeconds);
  }
}

/** Queues an event for the sandbox's worker, which stamps, signs and posts it to our webhook after the delay. */
async function announce(event: SandboxMessage, delaySeconds: number): Promise<void> {
  await sqs.send(new SendMessageCommand({ QueueUrl: issuerSandboxQueueUrl(), MessageBody: JSON.stringify(event), DelaySeconds: delaySeconds }));
}

/** The messages on the sandbox's queue: an event whose time is stamped when it is sent. */
export const sandboxMessageSchema = /* @__PURE__ */ z.extend(issuerEventSchema, { occurredAt: z.nullable(z.string()) });
