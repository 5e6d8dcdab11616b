import { recordsInEachCompany } from './audit';
import type { MembershipRecord, UserProfileRecord } from './identity-records';
import { keys } from './keys';
import { conditionFailed, tableName, transactWithRecords } from './table';

/**
 * A sign-in happens at Cognito, out of the API's sight (the browser talks to Cognito directly); the API sees it at the
 * first request of the session's tokens, whose `auth_time` is the sign-in's moment, and records it there, once, in each
 * of the person's companies (docs/decisions.md "Sign-ins"). The profile keeps the moment of the newest sign-in recorded
 * (`lastSignInAt`, read with the profile at no extra cost): a request of a newer sign-in records it and moves the mark
 * under a condition, so the first requests of one session racing each other record it once; an older session's
 * requests are not sign-ins any more.
 */
export function isUnrecordedSignIn(profileItem: Record<string, unknown>, authTime: number): boolean {
  const mark = profileItem.lastSignInAt;
  return typeof mark !== 'number' || authTime > mark;
}

/**
 * Records the sign-in of `authTime` (seconds) in each company of the person, in one transaction with the profile's
 * mark; another request of the same session that recorded it first leaves nothing to do. A failure fails the request,
 * and the session's next request tries again: the sign-in is recorded before the session is served.
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
