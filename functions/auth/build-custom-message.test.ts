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

describe('CustomMessage trigger: invitations', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env = { PORTAL_URL: 'https://portal.example', PROVIDER_NAME: 'Bonus Card' };
    resetEnvForTests();
  });
  afterEach(() => {
    process.env = saved;
    resetEnvForTests();
  });

  it('links to /invitation/{token} and names the company, the inviter and the username parameter', async () => {
    const invitation = event('CustomMessage_AdminCreateUser');
    invitation.request.clientMetadata = { companyName: 'Baltic Logistics SIA', inviterName: 'Anna Bērziņa' };
    const answer = await handler(invitation);
    expect(answer.response.emailMessage).toContain('https://portal.example/invitation/YUBiLmx2.{####}');
    expect(answer.response.emailMessage).toContain('Anna Bērziņa invited you to Baltic Logistics SIA');
    expect(answer.response.emailMessage).toContain('{username}');
    expect(answer.response.emailSubject).toBe('Bonus Card: join Baltic Logistics SIA');
  });
});
