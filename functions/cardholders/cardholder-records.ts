import * as z from 'zod/mini';

// Items are read through these so a malformed row fails loudly here, not deep in a use case.

/**
 * A /card sign-in code, only its salted hash. Kept for any phone asked for, so an unknown phone answers exactly as a
 * known one; codeHash is null when nothing was sent (no employee, or one who may not sign in), so no guess matches.
 */
export const cardholderSignInCodeRecord = /* @__PURE__ */ z.object({
  phone: z.string(),
  codeHash: z.nullable(z.string()),
  salt: z.string(),
  attempts: z.int().check(z.nonnegative()),
  /** Epoch milliseconds: a new code waits signInCodeRules.resendAfterSeconds after this. */
  requestedAt: z.int(),
  /** Epoch seconds, the table's TTL attribute; checked on every try, since TTL deletion lags. */
  expiresAt: z.int(),
});
export type CardholderSignInCodeRecord = z.infer<typeof cardholderSignInCodeRecord>;
