import * as z from 'zod';
import { transactionRowSchema } from '@shared/transactions';

// Items are read through these so a malformed row fails loudly here, not deep in a use case.

/**
 * A card transaction (functions/transactions/card-transactions.ts writes it): numbered `seq` per company, `employeeSeq`
 * per employee and `groupSeq` per merchant category group, in the order recorded; `day` is its Riga day.
 */
export const transactionRecord = /* @__PURE__ */ transactionRowSchema.omit({ id: true }).extend({
  companyId: z.string(),
  transactionId: z.string(),
  authorizationId: z.string().nullable(),
  seq: z.number().int().positive(),
  employeeSeq: z.number().int().positive(),
  groupSeq: z.number().int().positive(),
  day: z.string(),
  /** Employee search without reading the employees: the cardholder's personal code and phone when recorded. */
  personalCode: z.string().nullable(),
  phone: z.string().nullable(),
});
export type TransactionRecord = z.infer<typeof transactionRecord>;

/** Count and sum of one list dimension's transactions in one day or month, with the range of its sequence numbers. */
export const transactionTallyRecord = /* @__PURE__ */ z.object({
  count: z.number().int().nonnegative(),
  sumCents: z.number().int(),
  firstSeq: z.number().int().positive(),
  lastSeq: z.number().int().positive(),
});
export type TransactionTallyRecord = z.infer<typeof transactionTallyRecord>;
