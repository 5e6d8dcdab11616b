import * as z from 'zod/mini';
import { listQuerySchema, tableAnswerSchema } from './lists';

/** Why money moved on a company's accounts; the company's ledger view translates each. */
export const ledgerKinds = ['replacement_fee', 'monthly_fee', 'card_balance_return', 'top_up', 'employee_funding', 'card_payment'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];
export const ledgerKindSchema = /* @__PURE__ */ z.enum(ledgerKinds);

/** One line of the main account's ledger: negative takes money from the account, positive brings it in. */
export const accountEntrySchema = /* @__PURE__ */ z.object({
  id: z.string(),
  at: z.string(),
  kind: ledgerKindSchema,
  description: z.string(),
  amountCents: z.int(),
});
export type AccountEntry = z.infer<typeof accountEntrySchema>;

/** Pages only: the lines are read in the table's order (newest first), so there is nothing to search in. */
export const accountEntriesQuerySchema = /* @__PURE__ */ z.omit(listQuerySchema, { search: true });
export type AccountEntriesQuery = z.infer<typeof accountEntriesQuerySchema>;

export const accountEntriesAnswerSchema = /* @__PURE__ */ tableAnswerSchema(accountEntrySchema);
export type AccountEntriesAnswer = z.infer<typeof accountEntriesAnswerSchema>;
