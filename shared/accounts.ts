import * as z from 'zod/mini';
import { positiveCentsSchema } from './employees';

/** The company's main account (DESIGN section 7): integer cents, the top-up IBAN the dashboard shows. */
export const mainAccountSchema = /* @__PURE__ */ z.object({
  iban: z.string(),
  /** What the company writes on its top-up transfer (shared/top-ups.ts paymentReferenceOf). */
  paymentReference: z.string(),
  availableCents: z.int(),
  reservedCents: z.int(),
  currency: z.literal('EUR'),
  /** The owners' low-balance alert (issue 21): e-mailed once when the available amount falls below it; null when off. */
  lowBalanceThresholdCents: z.nullable(z.int()),
  /** Since when the available amount is below the threshold (this crossing's e-mail went then); null when it is not. */
  lowBalanceSince: z.nullable(z.string()),
  /**
   * The members the owners chose to e-mail when it falls below; empty: the owners. Who has left the company since is
   * still named here but no longer written to.
   */
  lowBalanceRecipientIds: z.array(z.string()),
});
export type MainAccount = z.infer<typeof mainAccountSchema>;

/** The most members one alert can name: a company's whole team as the portal sizes it. */
export const lowBalanceRecipientsMax = 100;

/**
 * An owner sets the low-balance alert's threshold, or turns it off with null, and whom it e-mails: member user ids,
 * none for the owners (the alert before issue 32). A PUT replaces both.
 */
export const lowBalanceAlertBodySchema = /* @__PURE__ */ z.object({
  thresholdCents: z.nullable(positiveCentsSchema('AMOUNT_REQUIRED')),
  recipientIds: z._default(
    z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(
      z.maxLength(lowBalanceRecipientsMax),
      z.refine((ids) => new Set(ids).size === ids.length, { error: 'DUPLICATE_OPTION' }),
    ),
    [],
  ),
});
export type LowBalanceAlertBody = z.infer<typeof lowBalanceAlertBodySchema>;

/**
 * The recipients checked against the company's members as the server reads them at the change: someone who is not
 * (or no longer) a member is RECIPIENT_NOT_MEMBER on the field.
 */
export function lowBalanceRecipientsOf(memberIds: ReadonlySet<string>) {
  return z.array(z.string().check(z.refine((id) => memberIds.has(id), { error: 'RECIPIENT_NOT_MEMBER' })));
}
