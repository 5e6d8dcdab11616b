import * as z from 'zod';
import { unmatchedTransferSchema } from '@shared/top-ups';

// Items are read through these so a malformed row fails loudly here, not deep in a use case.

/** An incoming bank transfer (top-up), by the bank's transaction id: credited to a company, or waiting unmatched. */
export const bankTransferRecord = /* @__PURE__ */ unmatchedTransferSchema.extend({
  status: z.enum(['credited', 'unmatched']),
  companyId: z.string().nullable(),
  matchedBy: z.enum(['reference', 'iban', 'manual']).nullable(),
  source: z.enum(['manual', 'statement']),
  recordedBy: z.string(),
  creditedAt: z.string().nullable(),
});
export type BankTransferRecord = z.infer<typeof bankTransferRecord>;
