import { AdminGetUserCommand, InitiateAuthCommand, RespondToAuthChallengeCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readInvitationToken } from '@shared/account';
import { profileSchema } from '@shared/api/schemas';
import { keys } from '@functions/platform/keys';
import { createProviderAdmin, newAdminSchema, type AdminTarget } from '../../infra/operator/provider-admin';
import { api, cloud, documents, emailedLinkToken, emulators } from './support';

const target = (): AdminTarget => ({ cognito: emulators().cognito, documents: documents(), userPoolId: cloud().userPoolId, tableName: cloud().tableName });

describe('npm run admin:create', () => {
  it('makes a provider admin who takes the invitation, sets a password and is the provider admin the API knows', async () => {
    const email = `Admin-${randomUUID().slice(0, 8)}@Provider.test`;
    const admin = newAdminSchema.parse({ email, name: 'Ilze', surname: 'Ozola', language: 'lv' });
    const userId = await createProviderAdmin(target(), admin);

    const profile = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.userProfile(userId) }));
    expect(profile.Item).toMatchObject({ email: admin.email, name: 'Ilze', surname: 'Ozola', status: 'created', language: 'lv', currentCompanyId: null });

    // The invitation e-mail's link carries the temporary password; the admin chooses their own with it.
    const invitation = readInvitationToken(await emailedLinkToken(admin.email, '/invitation'));
    if (!invitation) throw new Error('the invitation link carries no token');
    const { userPoolClientId } = cloud();
    const first = await emulators().cognito.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: userPoolClientId, AuthParameters: { USERNAME: admin.email, PASSWORD: invitation.temporaryPassword } }),
    );
    expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const chosen = await emulators().cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: userPoolClientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: first.Session,
        ChallengeResponses: { USERNAME: admin.email, NEW_PASSWORD: 'a-password-of-my-own' },
      }),
    );
    const token = chosen.AuthenticationResult?.AccessToken;
    if (!token) throw new Error('no tokens after the new password');
    const answer = await api('GET', '/users/profile', { token });
    expect(answer.status).toBe(200);
    // The token carries the provider-admins group, which is what makes the caller a provider admin.
    expect(profileSchema.parse(answer.body)).toMatchObject({ email: admin.email, isProviderAdmin: true });
  });

  it('undoes what it made when a step fails, so the same command can simply run again', async () => {
    const admin = newAdminSchema.parse({ email: `undone-${randomUUID().slice(0, 8)}@provider.test`, name: 'Pēteris', surname: 'Kalns' });
    // A table that does not exist: the profile cannot be written after the account was made.
    await expect(createProviderAdmin({ ...target(), tableName: `missing-${randomUUID().slice(0, 8)}` }, admin)).rejects.toThrow();
    await expect(emulators().cognito.send(new AdminGetUserCommand({ UserPoolId: cloud().userPoolId, Username: admin.email }))).rejects.toThrow(UserNotFoundException);

    const userId = await createProviderAdmin(target(), admin);
    const profile = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.userProfile(userId) }));
    expect(profile.Item).toMatchObject({ email: admin.email, status: 'created' });
  });

  it('refuses an e-mail that already has an account, and changes nothing', async () => {
    const admin = newAdminSchema.parse({ email: `twice-${randomUUID().slice(0, 8)}@provider.test`, name: 'Jānis', surname: 'Bērziņš' });
    const userId = await createProviderAdmin(target(), admin);
    await expect(createProviderAdmin(target(), { ...admin, name: 'Other' })).rejects.toThrow(/already has an account/);
    const account = await emulators().cognito.send(new AdminGetUserCommand({ UserPoolId: cloud().userPoolId, Username: admin.email }));
    expect(account.UserAttributes?.find((attribute) => attribute.Name === 'given_name')?.Value).toBe('Jānis');
    const profile = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.userProfile(userId) }));
    expect(profile.Item).toMatchObject({ name: 'Jānis' });
  });
});
