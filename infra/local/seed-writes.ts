import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { providerAdminGroup } from '@shared/roles';
import { demoPassword, type DemoUser } from './demo-data';

/*
 * How the seed writes its users and items, shared with the bench and the test fixtures. Kept out of seed.ts, whose
 * imports the Playwright loader cannot load (a JSON module), so the end-to-end fixtures can use it too.
 */

/** The user's Cognito account with the demo password (and SMS second factor when it has a phone); its `sub`. */
export async function ensureCognitoUser(cognito: CognitoIdentityProviderClient, userPoolId: string, user: Pick<DemoUser, 'email' | 'name' | 'surname' | 'phone' | 'providerAdmin'>): Promise<string> {
  try {
    const existing = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.email }));
    const sub = existing.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
    if (sub) return sub;
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: user.email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: demoPassword,
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
        ...(user.phone
          ? [
              { Name: 'phone_number', Value: `+${user.phone}` },
              { Name: 'phone_number_verified', Value: 'true' },
            ]
          : []),
        { Name: 'given_name', Value: user.name },
        { Name: 'family_name', Value: user.surname },
      ],
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: user.email, Password: demoPassword, Permanent: true }),
  );
  // The pool's MFA is optional (see docs/decisions.md): a user's SMS second factor is on only when set.
  if (user.phone) {
    await cognito.send(
      new AdminSetUserMFAPreferenceCommand({ UserPoolId: userPoolId, Username: user.email, SMSMfaSettings: { Enabled: true, PreferredMfa: true } }),
    );
  }
  if (user.providerAdmin) {
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: user.email, GroupName: providerAdminGroup }));
  }
  const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`cognito-local gave ${user.email} no sub`);
  return sub;
}

/** Writes items 25 at a time, sending again what DynamoDB leaves unprocessed. */
export async function batchPut(documents: DynamoDBDocumentClient, tableName: string, items: readonly Record<string, unknown>[]): Promise<void> {
  for (let start = 0; start < items.length; start += 25) {
    let pending = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const answer = await documents.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (answer.UnprocessedItems?.[tableName] ?? []) as typeof pending;
    }
  }
}
