import type { ActivityVerification } from '@shared/activity';
import * as activityRoutes from '@shared/api/routes/activity-routes';
import { keys } from '../platform/keys';
import { getItem } from '../platform/table';
import { useCase } from '../platform/use-case';
import { digestStateSchema, type DigestState } from './audit-digest-state';

/**
 * Issue 31: "Activity verified through <date>" on the activity screen. The digest job's last check of the company's
 * records against their digests (audit-digests.ts), read as one item: re-hashing a log of a million records on every
 * visit is what the job does once a day instead.
 */
export const handler = useCase(activityRoutes.getActivityVerification, async ({ caller }) => {
  const item = await getItem(keys.auditDigestState(caller.companyId));
  return verificationOf(item ? digestStateSchema.parse(item) : null);
});

function verificationOf(state: DigestState | null): ActivityVerification {
  const check = state?.check;
  // A problem met by a check still under way shows as soon as it is found.
  const problem = state?.sweep?.problem ?? check?.problem ?? null;
  return {
    verifiedThrough: problem ? null : (check?.verifiedThrough ?? null),
    checkedAt: check?.checkedAt ?? null,
    problem: problem ? { kind: problem.kind, day: problem.day } : null,
  };
}
