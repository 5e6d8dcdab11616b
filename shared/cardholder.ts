import * as z from 'zod/mini';
import { phoneSchema } from './account';
import { smsCodeSchema } from './auth';
import { isTerminated, nextCardStatus, nextDeviceStatus } from './cards';
import { cardStatuses, type CardStatus, type DeviceStatus, type StatusChanger } from './statuses';

/**
 * An employee's own page (/card): signed in by the phone the company recorded and a code texted to it, the
 * employee sees the card and may block or unblock it (SPEC section 1: "Employees can also change their own card
 * status").
 */
export const cardholderPhoneSchema = /* @__PURE__ */ z.object({ phone: phoneSchema });
export type CardholderPhoneValues = z.input<typeof cardholderPhoneSchema>;
export const cardholderSignInSchema = /* @__PURE__ */ z.extend(cardholderPhoneSchema, smsCodeSchema.shape);

/** The same answer whoever the phone belongs to, so the route tells nobody who holds a card. */
export const codeSentAnswerSchema = /* @__PURE__ */ z.object({ sent: z.literal(true) });
export const cardholderSessionAnswerSchema = /* @__PURE__ */ z.object({ token: z.string(), expiresAt: z.string() });

export const signInCodeRules = {
  validMinutes: 5,
  /** Wrong or right, every try counts: the fifth wrong one burns the code. */
  maxAttempts: 5,
  resendAfterSeconds: 30,
} as const;

/**
 * Wrong codes per phone, across codes (issue 30): a new code no longer starts the count afresh. The tenth wrong code
 * within a day of the first locks signing in by that phone until that day is over (at most 10 guesses a day, about
 * 3,650 a year against a million codes); the phone's owner is told by SMS, and the company sees and may lift it.
 */
export const signInLockRules = {
  maxWrongCodes: 10,
  windowHours: 24,
} as const;

/** What an employee may do to their own card: the temporary block and its undo; the rest is the company's. */
export const cardholderCardActions = ['block', 'unblock'] as const;
export type CardholderCardAction = (typeof cardholderCardActions)[number];

/**
 * An employee undoes only a block they made themselves: a block by the company (or anyone else) stays until the
 * company lifts it, or the company's block would mean nothing.
 */
export function allowedCardholderActions(status: CardStatus, changedBy: StatusChanger): CardholderCardAction[] {
  return cardholderCardActions.filter((action) => nextCardStatus(status, action) !== null && (action !== 'unblock' || changedBy === 'employee'));
}

/** The company can block the app access; a terminated product has none. Either way /card is closed. */
export function mayUseCardPage(cardStatus: CardStatus, deviceStatus: DeviceStatus): boolean {
  return !isTerminated(cardStatus) && nextDeviceStatus(deviceStatus, 'sign_in') !== null;
}

/** How many lines of her history the card page shows at a time. */
export const cardHistoryPageSize = 20;

/**
 * One line of the employee's history on /card (issue 32), newest first: money her company put on the card, her card
 * payments, a payment reversed (its hold back on the balance: money returned, never a charge), and what went back
 * to the company when the product ended. Amounts are signed as the balance moved: positive in, negative out.
 */
export const cardHistoryEntrySchema = /* @__PURE__ */ z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('received'), id: z.string(), at: z.string(), amountCents: z.int().check(z.positive()), companyName: z.string() }),
  z.object({ kind: z.literal('payment'), id: z.string(), at: z.string(), amountCents: z.int(), description: z.string(), status: z.enum(['authorization', 'regular']) }),
  z.object({ kind: z.literal('returned'), id: z.string(), at: z.string(), amountCents: z.int().check(z.nonnegative()), description: z.string() }),
  z.object({ kind: z.literal('to_company'), id: z.string(), at: z.string(), amountCents: z.int().check(z.nonpositive()), companyName: z.string() }),
]);
export type CardHistoryEntry = z.infer<typeof cardHistoryEntrySchema>;

/** A page starts below the `cursor` of the page before (the places it reached in her payments and her account). */
export const cardHistoryQuerySchema = /* @__PURE__ */ z.object({
  cursor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,400}$/, { error: 'INVALID_VALUE' }))),
});
export type CardHistoryQuery = z.infer<typeof cardHistoryQuerySchema>;

export const cardHistoryAnswerSchema = /* @__PURE__ */ z.object({
  entries: z.array(cardHistoryEntrySchema),
  nextCursor: z.nullable(z.string()),
});
export type CardHistoryAnswer = z.infer<typeof cardHistoryAnswerSchema>;

export const cardViewSchema = /* @__PURE__ */ z.object({
  name: z.string(),
  surname: z.string(),
  lastCardDigits: z.nullable(z.string()),
  cardStatus: z.enum(cardStatuses),
  balanceCents: z.int(),
  reservedCents: z.int(),
  limitCents: z.int(),
  usedCents: z.int(),
  actions: z.array(z.enum(cardholderCardActions)),
});
export type CardView = z.infer<typeof cardViewSchema>;
