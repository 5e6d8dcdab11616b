import { randomUUID } from 'node:crypto';
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { authorizationDecisionSchema, type AuthorizationEvent, type AuthorizationRequest } from '@shared/authorizations';
import { issuerSignatureHeader } from '@shared/issuer-events';
import type { MerchantCategoryGroup } from '@shared/cards';
import { signIssuerEvent } from '@functions/issuer/issuer-signature';
import { keys } from '@functions/platform/keys';

/** Merchants of the demo's card activity, by merchant category group: a code of the group and a Riga shop. */
const merchants: Record<MerchantCategoryGroup, { mcc: string; name: string }[]> = {
  groceries: [{ mcc: '5411', name: 'Rimi Hypermarket Alfa' }, { mcc: '5411', name: 'Maxima XX Purvciems' }, { mcc: '5462', name: 'Lāči maiznīca' }],
  restaurants: [{ mcc: '5812', name: 'Lido Atpūtas centrs' }, { mcc: '5814', name: 'Hesburger Brīvības' }, { mcc: '5813', name: 'Herbarijs' }],
  transport: [{ mcc: '4111', name: 'Rīgas satiksme' }, { mcc: '4121', name: 'Bolt ride' }, { mcc: '4131', name: 'Ecolines' }],
  fuel: [{ mcc: '5541', name: 'Circle K Krasta' }, { mcc: '5542', name: 'Virši DUS' }],
  health: [{ mcc: '5912', name: 'Mēness aptieka' }, { mcc: '8021', name: 'Zobārstniecība Smaids' }],
  leisure: [{ mcc: '7832', name: 'Cinamon Alfa' }, { mcc: '7997', name: 'MyFitness Origo' }],
  education: [{ mcc: '5942', name: 'Jānis Roze grāmatnīca' }, { mcc: '8299', name: 'Valodu skola Lingva' }],
};
const groups = Object.keys(merchants) as MerchantCategoryGroup[];

const activeCard = z.object({ cardId: z.string(), cardStatus: z.string(), mccGroups: z.array(z.string()).default([]) });

export interface CardActivityOptions {
  documents: DynamoDBDocumentClient;
  tableName: string;
  companyId: string;
  apiUrl: string;
  secret: string;
  /** A new card payment this often (on average). */
  everyMs: number;
  /** How long after its approval a payment is settled, or reversed (ms, from..to); the demo's by default. */
  settleAfterMs?: readonly [number, number];
  reverseAfterMs?: readonly [number, number];
  log: (line: string) => void;
}

const between = ([from, to]: readonly [number, number]) => from + Math.random() * (to - from);

const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(Math.random() * list.length)];

/**
 * The card issuer sandbox's demo stream (`npm start` only): every few seconds a random active card of the demo
 * company pays at a realistic merchant, asked through the signed POST /issuer/authorizations as a real issuer would;
 * most approvals are settled 15-45 s later (some for a little less), a few reversed, and some never settled, so the
 * release job lets them expire. Mostly in the card's allowed groups, sometimes not, so declines happen too.
 */
export function startCardActivity(options: CardActivityOptions): { stop(): void } {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const later = (ms: number, run: () => Promise<void>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) run().catch((error: unknown) => options.log(`card activity: ${error instanceof Error ? error.message : String(error)}`));
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  const post = async (path: string, body: unknown) => {
    const text = JSON.stringify(body);
    const answer = await fetch(`${options.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [issuerSignatureHeader]: signIssuerEvent(options.secret, text) },
      body: text,
      signal: AbortSignal.timeout(10_000),
    });
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
    return (await answer.json()) as unknown;
  };

  const payOnce = async () => {
    const { pk, skPrefix } = keys.employees(options.companyId);
    const found = await options.documents.send(
      new QueryCommand({
        TableName: options.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        FilterExpression: 'cardStatus = :active',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix, ':active': 'active' },
        ProjectionExpression: 'cardId, cardStatus, mccGroups',
      }),
    );
    const card = pick((found.Items ?? []).map((item) => activeCard.parse(item)));
    if (!card) return;
    // Nine in ten at a merchant the card is allowed at; the rest wherever, so the demo shows declines as well.
    const allowed = groups.filter((group) => card.mccGroups.includes(group));
    const group = (Math.random() < 0.9 ? pick(allowed) : undefined) ?? pick(groups) ?? 'groceries';
    const merchant = pick(merchants[group]) ?? { mcc: '5411', name: 'Rimi' };
    const request: AuthorizationRequest = {
      authorizationId: `sbx_auth_${randomUUID()}`,
      cardId: card.cardId,
      amountCents: 150 + Math.floor(Math.random() * 5_850),
      merchantCategoryCode: merchant.mcc,
      merchantId: `M${merchant.mcc}${merchant.name.length}`,
      merchantName: merchant.name,
      reference: `SBX${Date.now()}`,
      occurredAt: new Date().toISOString(),
    };
    const decision = authorizationDecisionSchema.parse(await post('/issuer/authorizations', request));
    if (decision.decision !== 'approved') return;
    const roll = Math.random();
    if (roll < 0.08) return; // never settled: released after its expiry
    const event = (body: { type: 'authorization.reversed' } | { type: 'authorization.settled'; amountCents: number }): AuthorizationEvent => ({ ...body, authorizationId: request.authorizationId, eventId: `sbx_evt_${randomUUID()}`, occurredAt: new Date().toISOString() });
    if (roll < 0.18) {
      later(between(options.reverseAfterMs ?? [10_000, 30_000]), async () => void (await post('/issuer/authorization-events', event({ type: 'authorization.reversed' }))));
      return;
    }
    const settled = Math.random() < 0.2 ? Math.round(request.amountCents * (0.8 + Math.random() * 0.2)) : request.amountCents;
    later(between(options.settleAfterMs ?? [15_000, 45_000]), async () => void (await post('/issuer/authorization-events', event({ type: 'authorization.settled', amountCents: settled }))));
  };

  const tick = () => {
    if (stopped) return;
    later(options.everyMs * (0.5 + Math.random()), async () => {
      try {
        await payOnce();
      } finally {
        tick();
      }
    });
  };
  tick();
  return {
    stop: () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
