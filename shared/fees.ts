import * as z from 'zod/mini';
import { addMonths, rigaDateOf } from './dates';
import { eurTextToCents } from './money-text';
import { priceListBodySchema, type PriceListBody } from './prices';

/** The month a monthly maintenance fee is for, YYYY-MM: each product is charged once per month. */
export const feeMonthSchema = /* @__PURE__ */ z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'INVALID_VALUE' }));

/** The fee month a moment falls in, by the programme's own clock (Riga), not the server's UTC. */
export function feeMonthOf(at: Date): string {
  return rigaDateOf(at).slice(0, 7);
}

/** The fee month before a YYYY-MM month: the one a month's fee run invoices (issue 34). */
export function previousFeeMonth(month: string): string {
  return addMonths(month, -1);
}

/** The price list as the provider's form takes it, in euros; zero is a valid fee (the fee is waived). */
export const priceListFormSchema = /* @__PURE__ */ z.object({
  replacementFee: eurTextToCents('AMOUNT_REQUIRED', priceListBodySchema.shape.replacementFeeCents),
  monthlyFee: eurTextToCents('AMOUNT_REQUIRED', priceListBodySchema.shape.monthlyFeeCents),
});
export type PriceListFormValues = z.input<typeof priceListFormSchema>;

export function priceListBodyOf(form: z.output<typeof priceListFormSchema>): PriceListBody {
  return { replacementFeeCents: form.replacementFee, monthlyFeeCents: form.monthlyFee };
}
