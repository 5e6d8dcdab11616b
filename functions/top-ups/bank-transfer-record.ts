import * as z from 'zod/mini';
import { unmatchedTransferSchema } from '@shared/top-ups';

// Items are read through these so a malformed row fails loudly here, not deep in a use case.

/** An incoming bank transfer (top-up), by the bank's transaction id: credited to a company, or waiting unmatched. */
export const bankTransferRecord = /* @__PURE__ */ z.extend(unmatchedTransferSchema, {
  status: z.enum(['credited', 'unmatched']),
  companyId: z.nullable(z.string()),
  matchedBy: z.nullable(z.enum(['reference', 'iban', 'manual'])),
  source: z.enum(['manual', 'statement']),
  recordedBy: z.string(),
  creditedAt: z.nullable(z.string()),
});
export type BankTransferRecord = z.infer<typeof bankTransferRecord>;
