import { AdminUserGlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { sessionLifetimes } from '@shared/session-lifetimes';
import { cognito } from '../platform/aws/cognito';
import { userPoolId } from '../platform/env';
import { entities, keys } from '../platform/keys';
import { tableName, transactWithRecords, type TransactItem } from '../platform/table';

/** One signed-in session: Cognito's origin_jti names it in every token it mints; auth_time is when it signed in. */
export interface Session {
  userId: string;
  originJti: string;
  authTime: number;
}

/**
 * Ends one session (this browser's sign-out): its access tokens are refused from now on, whoever holds them. The
 * browser revokes the refresh token with Cognito itself (RevokeToken); the record outlives that token's 30 days,
 * so even a refresh token whose revocation never reached Cognito mints nothing the API accepts. `records` (the
 * sign-out's audit records) are written with it.
 */
export async function endSession(session: Session, now: Date, records: readonly TransactItem[]): Promise<void> {
  const refreshTokenEnds = session.authTime + sessionLifetimes.refreshTokenDays * 24 * 60 * 60;
  await transactWithRecords([
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.endedSession(session.userId, session.originJti),
          entity: entities.endedSession,
          endedAt: now.toISOString(),
          expiresAt: refreshTokenEnds + 60,
        },
      },
    },
  ], records);
}

/**
 * Ends every session of the user ("Sign out on all devices", a password reset): tokens of any sign-in before now are
 * refused (the API compares `auth_time`, which a refreshed token keeps), and Cognito revokes every refresh token.
 * `auth_time` has whole seconds, so the cut is the next whole second: a sign-in in this very second is ended too.
 * `records` (the audit records of why) are written in the cut's transaction.
 */
export async function endEverySession(user: { userId: string; email: string }, now: Date, records: readonly TransactItem[]): Promise<void> {
  await transactWithRecords([
    {
      Update: {
        TableName: tableName(),
        Key: keys.userProfile(user.userId),
        UpdateExpression: 'SET tokensValidAfter = :after',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':after': sessionCutAfter(now) },
      },
    },
  ], records);
  await revokeRefreshTokens(user.email);
}

/** The first whole second whose sign-ins survive a cut made at `now`. */
export function sessionCutAfter(now: Date): number {
  return Math.floor(now.getTime() / 1000) + 1;
}

/** Cognito's AdminUserGlobalSignOut: no refresh token of the user mints another token. */
export async function revokeRefreshTokens(email: string): Promise<void> {
  await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId(), Username: email }));
}
