import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  CodeMismatchException,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  CodeDeliveryFailureException,
  ExpiredCodeException,
  ForgotPasswordCommand,
  GetUserAttributeVerificationCodeCommand,
  InvalidParameterException,
  InvalidPasswordException,
  NotAuthorizedException,
  PasswordHistoryPolicyViolationException,
  ResendConfirmationCodeCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  UserNotFoundException,
  UsernameExistsException,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { e164 } from '@shared/account';
import type { Language } from '@shared/languages';
import { cognito } from '../platform/aws/cognito';
import { isThrottled } from '../platform/cognito-errors';
import { userPoolClientId, userPoolId } from '../platform/env';
import { DomainError } from '../platform/errors';

/** Creates the unconfirmed Cognito user; Cognito e-mails the confirmation link. Answers the user's id (sub). */
export async function registerAccount(account: {
  email: string;
  phone: string;
  password: string;
  name: string;
  surname: string;
  language: Language;
}): Promise<string> {
  try {
    const answer = await cognito.send(
      new SignUpCommand({
        ClientId: userPoolClientId(),
        Username: account.email,
        Password: account.password,
        UserAttributes: [
          { Name: 'email', Value: account.email },
          // The SMS second factor goes here from the first sign-in; Cognito needs no verified number for that.
          { Name: 'phone_number', Value: e164(account.phone) },
          { Name: 'given_name', Value: account.name },
          { Name: 'family_name', Value: account.surname },
          { Name: 'locale', Value: account.language },
        ],
      }),
    );
    if (!answer.UserSub) throw new Error('Cognito created a user without a sub');
    return answer.UserSub;
  } catch (error) {
    if (error instanceof UsernameExistsException) throw new DomainError(409, 'EMAIL_TAKEN', { email: 'EMAIL_TAKEN' });
    if (error instanceof InvalidPasswordException) throw new DomainError(400, 'VALIDATION_FAILED', { password: 'PASSWORD_TOO_SHORT' });
    if (isThrottled(error)) throw new DomainError(429, 'TOO_MANY_REQUESTS');
    throw error;
  }
}

/** Undoes registerAccount when the portal could not record the company: no half-made account stays behind. */
export async function removeAccount(email: string): Promise<void> {
  await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: email }));
}

export async function confirmAccount(email: string, code: string): Promise<void> {
  try {
    await cognito.send(new ConfirmSignUpCommand({ ClientId: userPoolClientId(), Username: email, ConfirmationCode: code }));
  } catch (error) {
    // An older link (its code replaced by a newer one), a confirmed account, no account: one answer (confirm-email.ts).
    if (error instanceof ExpiredCodeException || error instanceof CodeMismatchException || error instanceof NotAuthorizedException || error instanceof UserNotFoundException) {
      throw new DomainError(410, 'CONFIRMATION_LINK_EXPIRED');
    }
    if (isThrottled(error)) throw new DomainError(429, 'TOO_MANY_REQUESTS');
    throw error;
  }
}

/**
 * Sends a new confirmation link. Unknown and already confirmed addresses are answered like known ones, so the
 * form tells nobody which e-mails have accounts.
 */
export async function resendConfirmation(email: string): Promise<void> {
  try {
    await cognito.send(new ResendConfirmationCodeCommand({ ClientId: userPoolClientId(), Username: email }));
  } catch (error) {
    if (error instanceof UserNotFoundException || error instanceof InvalidParameterException || error instanceof NotAuthorizedException) return;
    if (isThrottled(error)) throw new DomainError(429, 'TOO_MANY_REQUESTS');
    throw error;
  }
}

/**
 * E-mails a password reset link. An unknown address is answered like a known one (no account enumeration); so is one
 * Cognito cannot reset (not confirmed yet: request-password-reset.ts sends those the confirmation link instead).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  try {
    await cognito.send(new ForgotPasswordCommand({ ClientId: userPoolClientId(), Username: email }));
  } catch (error) {
    if (error instanceof UserNotFoundException || error instanceof InvalidParameterException) return;
    if (isThrottled(error)) throw new DomainError(429, 'TOO_MANY_REQUESTS');
    throw error;
  }
}

export async function resetPassword(email: string, code: string, password: string): Promise<void> {
  try {
    await cognito.send(
      new ConfirmForgotPasswordCommand({ ClientId: userPoolClientId(), Username: email, ConfirmationCode: code, Password: password }),
    );
  } catch (error) {
    // A link anyone could craft (an address and a guessed code) must not tell whether the address has an account.
    if (error instanceof ExpiredCodeException || error instanceof CodeMismatchException || error instanceof UserNotFoundException) {
      throw new DomainError(410, 'RESET_LINK_EXPIRED');
    }
    // Cognito's password history (a feature of the Essentials plan) refuses a password used before.
    if (error instanceof PasswordHistoryPolicyViolationException) {
      throw new DomainError(400, 'VALIDATION_FAILED', { password: 'PASSWORD_PREVIOUSLY_USED' });
    }
    if (error instanceof InvalidPasswordException) throw new DomainError(400, 'VALIDATION_FAILED', { password: 'PASSWORD_TOO_SHORT' });
    if (isThrottled(error)) throw new DomainError(429, 'TOO_MANY_REQUESTS');
    throw error;
  }
}

/**
 * Turns the SMS second factor on for a user Cognito knows by e-mail. The pool's MFA is optional (so a user without a
 * phone can sign in to /phone/setup), which makes this call what puts the SMS code into every later sign-in.
 */
export async function enableSmsSecondFactor(email: string): Promise<void> {
  await cognito.send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: userPoolId(),
      Username: email,
      SMSMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
}

/** Puts the phone on the user's Cognito account, unverified, and has Cognito text it a code. */
export async function sendPhoneCode(email: string, phone: string, accessToken: string): Promise<void> {
  try {
    await cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: userPoolId(),
        Username: email,
        UserAttributes: [
          { Name: 'phone_number', Value: e164(phone) },
          { Name: 'phone_number_verified', Value: 'false' },
        ],
      }),
    );
    await cognito.send(new GetUserAttributeVerificationCodeCommand({ AccessToken: accessToken, AttributeName: 'phone_number' }));
  } catch (error) {
    // A number Cognito will not take, or one its SMS cannot reach.
    if (error instanceof InvalidParameterException || error instanceof CodeDeliveryFailureException) {
      throw new DomainError(400, 'VALIDATION_FAILED', { phone: 'INVALID_PHONE' });
    }
    // Cognito no longer accepts the session's token (signed out elsewhere).
    if (error instanceof NotAuthorizedException) throw new DomainError(401, 'TOKEN_REVOKED');
    if (isThrottled(error)) throw new DomainError(429, 'TOO_MANY_REQUESTS');
    throw error;
  }
}

/**
 * Checks the SMS code against the phone on the Cognito account, then makes that phone the second factor. Answers
 * the phone confirmed (digits without the plus), read back from Cognito: the number the code really went to.
 */
export async function confirmPhoneCode(email: string, code: string, accessToken: string): Promise<string> {
  try {
    await cognito.send(new VerifyUserAttributeCommand({ AccessToken: accessToken, AttributeName: 'phone_number', Code: code }));
  } catch (error) {
    if (error instanceof CodeMismatchException) throw new DomainError(400, 'VALIDATION_FAILED', { code: 'INVALID_CODE' });
    if (error instanceof ExpiredCodeException) throw new DomainError(410, 'PHONE_CODE_EXPIRED');
    if (error instanceof NotAuthorizedException) throw new DomainError(401, 'TOKEN_REVOKED');
    if (isThrottled(error)) throw new DomainError(429, 'TOO_MANY_REQUESTS');
    throw error;
  }
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email }));
  const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
  const phone = attribute('phone_number');
  if (!phone || attribute('phone_number_verified') !== 'true') throw new DomainError(409, 'PHONE_CODE_NOT_REQUESTED');
  await setSmsSecondFactor(accessToken, true);
  return phone.replace(/^\+/, '');
}

/** By the user's own token: turning the factor off again is the undo when the phone could not be recorded. */
export async function setSmsSecondFactor(accessToken: string, enabled: boolean): Promise<void> {
  await cognito.send(
    new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SMSMfaSettings: { Enabled: enabled, PreferredMfa: enabled } }),
  );
}
