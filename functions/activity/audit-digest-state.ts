import * as z from 'zod/mini';
import { auditFindingKinds } from '@shared/activity';

const day = /* @__PURE__ */ z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const sha256 = /* @__PURE__ */ z.string().check(z.regex(/^[0-9a-f]{64}$/));
const finding = /* @__PURE__ */ z.object({
  kind: z.enum(auditFindingKinds),
  day,
  auditId: z.optional(z.string()),
  sk: z.optional(z.string()),
  detail: z.optional(z.string()),
});

/**
 * The digest job's own record of a company (docs/access-patterns.md row 60). Not evidence of anything (the digests
 * are): it says where the job got to, so a run neither reads every digest again nor writes one twice. Lost or wrong, it
 * costs a slower run or a reported broken chain, never a hidden change.
 */
export const digestStateSchema = /* @__PURE__ */ z.object({
  /** The newest day digested, and its digest's hash (the next digest's `previous`). */
  lastDay: z.optional(day),
  lastSha256: z.optional(sha256),
  /** The check of the records against the digests under way, from the chain's start, when a run stopped short of it. */
  sweep: z.optional(
    z.object({
      nextDay: day,
      before: z.nullable(z.object({ day, sha256: z.nullable(sha256) })),
      problem: z.nullable(finding),
    }),
  ),
  /** The last check that got to the newest digest: clean through `verifiedThrough`, or its first problem. */
  check: z.optional(z.object({ verifiedThrough: z.nullable(day), checkedAt: z.string(), problem: z.nullable(finding) })),
});
export type DigestState = z.infer<typeof digestStateSchema>;

