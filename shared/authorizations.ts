import * as z from 'zod/mini';
import { issuerEventAnswerSchema } from './issuer-events';

/**
 * The card issuer asks us, synchronously, to decide a card payment (POST /issuer/authorizations), signed like its
 * webhook events (shared/issuer-events.ts). An approval reserves the amount on the card account until the issuer
 * reports the payment settled or reversed (POST /issuer/authorization-events), or the reservation expires.
 */
export const authorizationRequestSchema = /* @__PURE__ */ z.object({
  authorizationId: z.string().check(z.minLength(1), z.maxLength(200)),
  cardId: z.string().check(z.minLength(1), z.maxLength(200)),
  /** What the merchant asks for, in euro cents (EUR only: the programme's cards are EUR cards). */
  amountCents: z.int().check(z.positive(), z.lte(100_000_000)),
  merchantCategoryCode: z.string().check(z.regex(/^\d{4}$/)),
  merchantId: z.string().check(z.minLength(1), z.maxLength(100)),
  merchantName: z.string().check(z.minLength(1), z.maxLength(200)),
  reference: z.string().check(z.maxLength(100)),
  occurredAt: z.iso.datetime(),
});
export type AuthorizationRequest = z.infer<typeof authorizationRequestSchema>;

/** Why a payment was declined; the issuer shows its own text to the cardholder. */
export const declineReasons = [
  'unknown_card',
  'card_not_active',
  'insufficient_funds',
  'monthly_limit_exceeded',
  'annual_limit_exceeded',
  'merchant_category_not_allowed',
] as const;
export type DeclineReason = (typeof declineReasons)[number];

export const authorizationDecisionSchema = /* @__PURE__ */ z.object({
  authorizationId: z.string(),
  decision: z.enum(['approved', 'declined']),
  reason: z.nullable(z.enum(declineReasons)),
});
export type AuthorizationDecision = z.infer<typeof authorizationDecisionSchema>;

/** How long an approved authorization holds its reservation without a settlement or reversal. */
export const authorizationHoldDays = 7;

/** What the issuer reports later about an authorization it asked us to decide. */
export const authorizationEventSchema = /* @__PURE__ */ z.discriminatedUnion('type', [
  z.object({
    eventId: z.string().check(z.minLength(1), z.maxLength(200)),
    type: z.literal('authorization.settled'),
    authorizationId: z.string().check(z.minLength(1), z.maxLength(200)),
    /** The amount the merchant finally took: at most what was authorized (a tip-less bill, a partial shipment). */
    amountCents: z.int().check(z.nonnegative(), z.lte(100_000_000)),
    occurredAt: z.iso.datetime(),
  }),
  z.object({
    eventId: z.string().check(z.minLength(1), z.maxLength(200)),
    type: z.literal('authorization.reversed'),
    authorizationId: z.string().check(z.minLength(1), z.maxLength(200)),
    occurredAt: z.iso.datetime(),
  }),
]);
export type AuthorizationEvent = z.infer<typeof authorizationEventSchema>;

/**
 * Answered as the card events' webhook is; applied false: the authorization is unknown, declined, or no longer open
 * (a repeated or late event).
 */
export const authorizationEventAnswerSchema = issuerEventAnswerSchema;

/** The Riga month (YYYY-MM) and year (YYYY) of a Riga day (YYYY-MM-DD). */
export function limitPeriodsOf(rigaDay: string): { month: string; year: string } {
  return { month: rigaDay.slice(0, 7), year: rigaDay.slice(0, 4) };
}

export interface LimitUse {
  usedCents: number;
  usedMonth: string | null;
  annualUsedCents: number;
  usedYear: string | null;
}

/**
 * What a card has used of its monthly and annual limits in the month and year of `rigaDay`: the stored counters
 * belong to the period they name, so a new month (or year) starts from nothing without anyone resetting them.
 */
export function limitUsageOf(use: LimitUse, rigaDay: string): { monthCents: number; yearCents: number } {
  const { month, year } = limitPeriodsOf(rigaDay);
  return { monthCents: use.usedMonth === month ? use.usedCents : 0, yearCents: use.usedYear === year ? use.annualUsedCents : 0 };
}
