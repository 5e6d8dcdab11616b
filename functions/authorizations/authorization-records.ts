import * as z from 'zod/mini';
import { declineReasons } from '@shared/authorizations';

// Items are read through these so a malformed row fails loudly here, not deep in a use case.

/**
 * An authorization the issuer asked us to decide. `approved` ones hold `amountCents` reserved on the card account
 * until settled, reversed or expired (`open` until then).
 */
export const authorizationRecord = /* @__PURE__ */ z.object({
  authorizationId: z.string(),
  companyId: z.string(),
  employeeId: z.string(),
  cardId: z.string(),
  decision: z.enum(['approved', 'declined']),
  declineReason: z.nullable(z.enum(declineReasons)),
  amountCents: z.int().check(z.nonnegative()),
  merchantCategoryCode: z.string(),
  /** Where the transaction it recorded is (approved only). */
  seq: z.nullable(z.int().check(z.positive())),
  state: z.enum(['open', 'settled', 'reversed', 'expired', 'declined']),
  requestedAt: z.string(),
  expiresAt: z.string(),
  /** The Riga month and year whose limit use the approval was counted in (approved only). */
  countedMonth: z._default(z.nullable(z.string()), null),
  countedYear: z._default(z.nullable(z.string()), null),
  /** What the merchant finally took (settled only). */
  settledCents: z._default(z.nullable(z.int().check(z.nonnegative())), null),
  closedAt: z._default(z.nullable(z.string()), null),
  /** The issuer's event that closed it (settled or reversed), for the record. */
  closedByEventId: z._default(z.nullable(z.string()), null),
});
export type AuthorizationRecord = z.infer<typeof authorizationRecord>;
