import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  type CognitoIdentityProviderClient,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { languages } from '@shared/languages';
import { providerAdminGroup } from '@shared/roles';
import { nameMaxLength } from '@shared/validation';
import { userProfileItem } from '@functions/platform/identity-records';
import { keys } from '@functions/platform/keys';
import { invitedAccountAttributes, temporaryPassword } from '@functions/users';

/** Where the admin is made: a deployed pool and table (the stateful stack's outputs) or the local cloud's. */
export interface AdminTarget {
  cognito: CognitoIdentityProviderClient;
  documents: DynamoDBDocumentClient;
  userPoolId: string;
  tableName: string;
}

export const newAdminSchema = z.object({
  email: z.email().transform((email) => email.toLowerCase()),
  name: z.string().trim().min(1).max(nameMaxLength),
  surname: z.string().trim().min(1).max(nameMaxLength),
  language: z.enum(languages).default('en'),
});
export type NewAdmin = z.infer<typeof newAdminSchema>;

/**
 * A provider admin, as an operator makes the first one: a Cognito account in the provider-admins group, the portal's
 * profile of it, and the invitation e-mail (Cognito's, through the CustomMessage trigger) whose link sets the password;
 * the admin then sets up a phone and signs in. When a step fails, what was made is undone (so the command can simply
 * be run again) and the step's own error is thrown. Answers the new user's id.
 */
export async function createProviderAdmin(target: AdminTarget, admin: NewAdmin): Promise<string> {
  const { cognito, userPoolId } = target;
  let created;
  try {
    created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: admin.email,
        TemporaryPassword: temporaryPassword(),
        MessageAction: 'SUPPRESS',
        UserAttributes: invitedAccountAttributes(admin),
      }),
    );
  } catch (error) {
    if (error instanceof UsernameExistsException) throw new Error(`${admin.email} already has an account in this user pool; nothing was changed.`, { cause: error });
    throw error;
  }
  const userId = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!userId) throw new Error('Cognito created the account without a sub');
  // Created, with no company: activated at the first sign-in, as an invited member's.
  const profile = userProfileItem({ userId, email: admin.email, name: admin.name, surname: admin.surname, phone: null, status: 'created', language: admin.language, currentCompanyId: null, tokensValidAfter: 0 });
  let profileWritten = false;
  try {
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: admin.email, GroupName: providerAdminGroup }));
    await target.documents.send(new PutCommand({ TableName: target.tableName, Item: profile, ConditionExpression: 'attribute_not_exists(pk)' }));
    profileWritten = true;
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: admin.email,
        MessageAction: 'RESEND',
        TemporaryPassword: temporaryPassword(),
        DesiredDeliveryMediums: ['EMAIL'],
        ClientMetadata: { companyName: "the provider's administration", language: admin.language },
      }),
    );
  } catch (error) {
    try {
      if (profileWritten) await target.documents.send(new DeleteCommand({ TableName: target.tableName, Key: keys.userProfile(userId) }));
      await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: admin.email }));
    } catch (undoError) {
      console.error(`Could not undo the half-made admin ${admin.email} (remove it by hand):`, undoError);
    }
    throw error;
  }
  return userId;
}
