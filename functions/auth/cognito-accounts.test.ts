import {
  CodeMismatchException,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  PasswordHistoryPolicyViolationException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '../platform/env';
import { DomainError } from '../platform/errors';
import { resetPassword } from './cognito-accounts';

// cognito-local has no password history: Cognito's refusal of a previously used password is only reachable here.
const cognitoMock = mockClient(CognitoIdentityProviderClient);

describe('resetPassword', () => {
  const saved = { ...process.env };
  beforeAll(() => {
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      TABLE_NAME: 't',
      DOCUMENTS_BUCKET: 'd',
      REPORTS_BUCKET: 'r',
      REPORTS_QUEUE_URL: 'q',
      EXPORTS_QUEUE_URL: 'q',
      FUNDING_QUEUE_URL: 'q',
      USER_POOL_ID: 'pool',
      USER_POOL_CLIENT_ID: 'client',
      MAIL_FROM: 'no-reply@bonus-card.local',
      PORTAL_URL: 'https://portal.example',
    });
    resetEnvForTests();
  });
  afterAll(() => {
    process.env = saved;
    resetEnvForTests();
    cognitoMock.restore();
  });
  beforeEach(() => cognitoMock.reset());

  it('refuses a previously used password with its own field message', async () => {
    cognitoMock.on(ConfirmForgotPasswordCommand).rejects(new PasswordHistoryPolicyViolationException({ message: 'used before', $metadata: {} }));
    const failure = resetPassword('a@b.lv', '123456', 'Old-Password-1').catch((error: unknown) => error);
    const error = await failure;
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { password: 'PASSWORD_PREVIOUSLY_USED' } });
  });

  it('reads a used or replaced code as an expired link', async () => {
    cognitoMock.on(ConfirmForgotPasswordCommand).rejects(new CodeMismatchException({ message: 'mismatch', $metadata: {} }));
    await expect(resetPassword('a@b.lv', '123456', 'New-Password-1')).rejects.toMatchObject({ status: 410, code: 'RESET_LINK_EXPIRED' });
  });
});
