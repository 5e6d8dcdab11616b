import * as z from 'zod/mini';
import { ledgerKindSchema } from '@shared/ledger';

// Items are read through these so a malformed row fails loudly here, not deep in a use case.
export const mainAccountRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  iban: z.string(),
  availableCents: z.int(),
  reservedCents: z.int(),
  version: z.int(),
  /** How many ledger lines the account has (one per movement that changed it): its statement's total. */
  entryCount: z._default(z.int().check(z.nonnegative()), 0),
  lowBalanceThresholdCents: z._default(z.nullable(z.int()), null),
  lowBalanceSince: z._default(z.nullable(z.string()), null),
  lowBalanceRecipientIds: z._default(z.array(z.string()), []),
});
export type MainAccountRecord = z.infer<typeof mainAccountRecord>;

/** One leg of a money movement (functions/money/ledger.ts writes them; legs of a movement sum to zero). */
export const ledgerEntryRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  movementId: z.string(),
  kind: ledgerKindSchema,
  description: z.string(),
  employeeId: z.nullable(z.string()),
  account: z.string(),
  amountCents: z.int(),
  at: z.string(),
});
export type LedgerEntryRecord = z.infer<typeof ledgerEntryRecord>;
