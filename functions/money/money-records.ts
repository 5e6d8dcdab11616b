import * as z from 'zod';
import { ledgerKindSchema } from '@shared/ledger';

// Items are read through these so a malformed row fails loudly here, not deep in a use case.
export const mainAccountRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  iban: z.string(),
  availableCents: z.number().int(),
  reservedCents: z.number().int(),
  version: z.number().int(),
  /** How many ledger lines the account has (one per movement that changed it): its statement's total. */
  entryCount: z.number().int().nonnegative().default(0),
});

/** One leg of a money movement (functions/money/ledger.ts writes them; legs of a movement sum to zero). */
export const ledgerEntryRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  movementId: z.string(),
  kind: ledgerKindSchema,
  description: z.string(),
  employeeId: z.string().nullable(),
  account: z.string(),
  amountCents: z.number().int(),
  at: z.string(),
});
export type LedgerEntryRecord = z.infer<typeof ledgerEntryRecord>;
