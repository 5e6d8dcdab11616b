import * as z from 'zod/mini';
import { transactionRowSchema } from '@shared/transactions';

// Items are read through these so a malformed row fails loudly here, not deep in a use case.

/**
 * A card transaction (functions/transactions/card-transactions.ts writes it): numbered `seq` per company, `employeeSeq`
 * per employee and `groupSeq` per merchant category group, in the order recorded; `day` is its Riga day.
 */
export const transactionRecord = /* @__PURE__ */ z.extend(z.omit(transactionRowSchema, { id: true }), {
  companyId: z.string(),
  transactionId: z.string(),
  authorizationId: z.nullable(z.string()),
  seq: z.int().check(z.positive()),
  employeeSeq: z.int().check(z.positive()),
  groupSeq: z.int().check(z.positive()),
  day: z.string(),
  /** Employee search without reading the employees: the cardholder's personal code and phone when recorded. */
  personalCode: z.nullable(z.string()),
  phone: z.nullable(z.string()),
});
export type TransactionRecord = z.infer<typeof transactionRecord>;

/** Count and sum of one list dimension's transactions in one day or month, with the range of its sequence numbers. */
export const transactionTallyRecord = /* @__PURE__ */ z.object({
  count: z.int().check(z.nonnegative()),
  sumCents: z.int(),
  firstSeq: z.int().check(z.positive()),
  lastSeq: z.int().check(z.positive()),
});
export type TransactionTallyRecord = z.infer<typeof transactionTallyRecord>;
