import * as z from 'zod/mini';

/** The company's main account (DESIGN section 7): integer cents, the top-up IBAN the dashboard shows. */
export const mainAccountSchema = /* @__PURE__ */ z.object({
  iban: z.string(),
  /** What the company writes on its top-up transfer (shared/top-ups.ts paymentReferenceOf). */
  paymentReference: z.string(),
  availableCents: z.int(),
  reservedCents: z.int(),
  currency: z.literal('EUR'),
});
export type MainAccount = z.infer<typeof mainAccountSchema>;
