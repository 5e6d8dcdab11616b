import { recordsInEachCompany } from '../platform/audit';
import type { MembershipRecord, UserProfileRecord } from '../platform/identity-records';
import { keys } from '../platform/keys';
import { conditionFailed, tableName, transactWithRecords } from '../platform/table';

/**
 * A sign-in happens at Cognito, out of the API's sight (the browser talks to Cognito directly). The portal loads the
 * profile first in every session (the session context, every route guard), so the API records the sign-in at its
 * session's first profile load, once, in each of the person's companies (docs/decisions.md "Sign-ins"); no other route
 * writes for it, so none needs more than it had. The profile keeps the moment of the newest sign-in recorded
 * (`lastSignInAt`, Cognito's `auth_time`, read with the profile at no extra cost): a session that signed in later
 * records its sign-in and moves the mark under a condition, so the first requests of one session racing each other
 * record it once, and an older session's loads are no new sign-in.
 */
export function isUnrecordedSignIn(profile: Pick<UserProfileRecord, 'lastSignInAt'>, authTime: number): boolean {
  return profile.lastSignInAt === undefined || authTime > profile.lastSignInAt;
}

/**
 * Records the sign-in of `authTime` (seconds) in each company of the person, in one transaction with the profile's
 * mark; another request of the same session that recorded it first leaves nothing to do. A failure fails the request,
 * and the session's next profile load tries again.
 */
export async function recordSignIn(profile: UserProfileRecord, memberships: readonly MembershipRecord[], authTime: number, now: Date): Promise<void> {
  if (memberships.length === 0) return;
  const records = recordsInEachCompany(profile, memberships, { action: 'user.sign_in', after: { signedInAt: new Date(authTime * 1000).toISOString() }, at: now.toISOString() });
  try {
    await transactWithRecords(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.userProfile(profile.userId),
            UpdateExpression: 'SET lastSignInAt = :signedIn',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastSignInAt) OR lastSignInAt < :signedIn)',
            ExpressionAttributeValues: { ':signedIn': authTime },
          },
        },
      ],
      records,
    );
  } catch (error) {
    if (!conditionFailed(error, 0)) throw error;
  }
}
