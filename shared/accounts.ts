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
});
export type MainAccount = z.infer<typeof mainAccountSchema>;

/** An owner sets the low-balance alert's threshold, or turns it off with null. */
export const lowBalanceAlertBodySchema = /* @__PURE__ */ z.object({ thresholdCents: z.nullable(positiveCentsSchema('AMOUNT_REQUIRED')) });
export type LowBalanceAlertBody = z.infer<typeof lowBalanceAlertBodySchema>;
