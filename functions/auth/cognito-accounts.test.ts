import {
  CodeMismatchException,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  PasswordHistoryPolicyViolationException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../platform/errors';
import { resetPassword } from './cognito-accounts';
import { useDummyHandlerEnvironment } from '../../test/unit-test-env';

// cognito-local has no password history: Cognito's refusal of a previously used password is only reachable here.
const cognitoMock = mockClient(CognitoIdentityProviderClient);

describe('resetPassword', () => {
  useDummyHandlerEnvironment();
  afterAll(() => cognitoMock.restore());
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
