import * as z from 'zod/mini';

/**
 * The provider's price list. SPEC section 9 leaves the figures open ("not shown"): these are the amounts before a
 * provider admin first sets them in /admin.
 */
export const defaultPrices = { replacementFeeCents: 500, monthlyFeeCents: 150 } as const;

const feeCents = /* @__PURE__ */ z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'AMOUNT_REQUIRED' : 'NUMBER_INVALID') }).check(
  z.int({ error: 'AMOUNT_TOO_PRECISE' }),
  z.nonnegative({ error: 'AMOUNT_NEGATIVE' }),
  z.lte(100_000, { error: 'NUMBER_TOO_LARGE' }),
);

export const priceListBodySchema = /* @__PURE__ */ z.object({ replacementFeeCents: feeCents, monthlyFeeCents: feeCents });
export type PriceListBody = z.infer<typeof priceListBodySchema>;

export const priceListSchema = /* @__PURE__ */ z.extend(priceListBodySchema, { updatedAt: z.nullable(z.string()) });
export type PriceList = z.infer<typeof priceListSchema>;
