import type { CustomMessageTriggerEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { confirmationToken, invitationToken } from '@shared/account';
import { portalUrl, providerName } from '../platform/env';

const triggerEventSchema = /* @__PURE__ */ z.object({
  triggerSource: z.string(),
  request: z.object({
    codeParameter: z.optional(z.nullable(z.string())),
    usernameParameter: z.optional(z.nullable(z.string())),
    userAttributes: z.record(z.string(), z.string()),
    clientMetadata: z.optional(z.nullable(z.record(z.string(), z.string()))),
  }),
});

/**
 * Cognito's CustomMessage trigger: the texts of the SMS codes and e-mails the user pool sends. Cognito puts
 * the real code where `codeParameter` ({####}) stands.
 */
export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const parsed = triggerEventSchema.parse(event);
  const code = parsed.request.codeParameter ?? '{####}';
  const provider = providerName();
  const portal = portalUrl();
  switch (parsed.triggerSource) {
    case 'CustomMessage_Authentication':
      event.response.smsMessage = `${provider}: your sign-in code is ${code}`;
      break;
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      const link = `${portal}/users/email/confirm/${confirmationToken(parsed.request.userAttributes.email ?? '', code)}`;
      event.response.emailSubject = `${provider}: confirm your e-mail`;
      event.response.emailMessage = `Welcome to ${provider}. Confirm your e-mail address by opening this link:\n${link}\n\nIf you did not sign up, ignore this e-mail.`;
      event.response.smsMessage = `${provider}: your confirmation code is ${code}`;
      break;
    }
    case 'CustomMessage_ForgotPassword': {
      const link = `${portal}/reset/password/${confirmationToken(parsed.request.userAttributes.email ?? '', code)}`;
      event.response.emailSubject = `${provider}: reset your password`;
      event.response.emailMessage = `Set a new password for your ${provider} account by opening this link:\n${link}\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.`;
      event.response.smsMessage = `${provider}: your password reset code is ${code}`;
      break;
    }
    case 'CustomMessage_AdminCreateUser': {
      // The portal chose the temporary password URL-safe; Cognito puts it where the code parameter stands.
      const link = `${portal}/invitation/${invitationToken(parsed.request.userAttributes.email ?? '', code)}`;
      const metadata = parsed.request.clientMetadata ?? {};
      const company = metadata.companyName ?? provider;
      const inviter = metadata.inviterName ? `${metadata.inviterName} invited you` : 'You are invited';
      // Cognito refuses an invitation text without the username parameter; it names the account for support.
      const username = parsed.request.usernameParameter ?? '{username}';
      event.response.emailSubject = `${provider}: join ${company}`;
      event.response.emailMessage =
        `${inviter} to ${company} in the ${provider} business portal.\n` +
        `Set your password by opening this link:\n${link}\n\n` +
        `The link works once and for 7 days. Account reference: ${username}`;
      event.response.smsMessage = `${provider}: your invitation code is ${code}`;
      break;
    }
    case 'CustomMessage_VerifyUserAttribute':
      event.response.smsMessage = `${provider}: your phone confirmation code is ${code}`;
      event.response.emailSubject = `${provider}: your confirmation code`;
      event.response.emailMessage = `Your confirmation code is ${code}.`;
      break;
    default:
      event.response.smsMessage = `${provider}: your code is ${code}`;
      event.response.emailSubject = `${provider}: your code`;
      event.response.emailMessage = `Your code is ${code}.`;
  }
  return event;
}
