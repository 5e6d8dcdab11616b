import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '../platform/env';
import { handler } from './build-custom-message';

function event(triggerSource: string): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'pool',
    userName: 'u',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource,
    request: { userAttributes: { email: 'a@b.lv' }, codeParameter: '{####}', usernameParameter: '{username}', linkParameter: '' },
    response: { smsMessage: '', emailMessage: '', emailSubject: '' },
  } as CustomMessageTriggerEvent;
}

describe('CustomMessage trigger', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    // Only what the stack gives the trigger: no table, pool or queue variables.
    process.env = { PORTAL_URL: 'https://portal.example', PROVIDER_NAME: 'Bonus Card' };
    resetEnvForTests();
  });
  afterEach(() => {
    process.env = saved;
    resetEnvForTests();
  });

  it('puts the code placeholder into the sign-in SMS, with the environment the stack gives it', async () => {
    const answer = await handler(event('CustomMessage_Authentication'));
    expect(answer.response.smsMessage).toBe('Bonus Card: your sign-in code is {####}');
  });

  it('keeps the placeholder in every e-mail, as Cognito requires', async () => {
    for (const source of ['CustomMessage_SignUp', 'CustomMessage_ForgotPassword', 'CustomMessage_AdminCreateUser']) {
      const answer = await handler(event(source));
      expect(answer.response.emailMessage, source).toContain('{####}');
    }
  });
});
