import {
  AdminDeleteUserCommand,
  CodeMismatchException,
  ConfirmSignUpCommand,
  ExpiredCodeException,
  InvalidParameterException,
  InvalidPasswordException,
  LimitExceededException,
  NotAuthorizedException,
  ResendConfirmationCodeCommand,
  SignUpCommand,
  TooManyRequestsException,
  UserNotFoundException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Language } from '@shared/languages';
import { cognito } from '../platform/clients';
import { env } from '../platform/env';
import { DomainError } from '../platform/errors';

const tooManyRequests = (error: unknown) => error instanceof TooManyRequestsException || error instanceof LimitExceededException;

/** Creates the unconfirmed Cognito user; Cognito e-mails the confirmation link. Answers the user's id (sub). */
export async function registerAccount(account: {
  email: string;
  password: string;
  name: string;
  surname: string;
  language: Language;
}): Promise<string> {
  try {
    const answer = await cognito.send(
      new SignUpCommand({
        ClientId: env().USER_POOL_CLIENT_ID,
        Username: account.email,
        Password: account.password,
        UserAttributes: [
          { Name: 'email', Value: account.email },
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
    if (tooManyRequests(error)) throw new DomainError(429, 'TOO_MANY_REQUESTS');
    throw error;
  }
}

/** Undoes registerAccount when the portal could not record the company: no half-made account stays behind. */
export async function removeAccount(email: string): Promise<void> {
  await cognito.send(new AdminDeleteUserCommand({ UserPoolId: env().USER_POOL_ID, Username: email }));
}

export async function confirmAccount(email: string, code: string): Promise<void> {
  try {
    await cognito.send(new ConfirmSignUpCommand({ ClientId: env().USER_POOL_CLIENT_ID, Username: email, ConfirmationCode: code }));
  } catch (error) {
    // An older link (its code replaced by a newer one) reads as expired: the answer is the same, a new link.
    if (error instanceof ExpiredCodeException || error instanceof CodeMismatchException) throw new DomainError(410, 'CONFIRMATION_LINK_EXPIRED');
    if (error instanceof NotAuthorizedException) throw new DomainError(409, 'ALREADY_CONFIRMED');
    if (error instanceof UserNotFoundException) throw new DomainError(400, 'CONFIRMATION_LINK_INVALID');
    if (tooManyRequests(error)) throw new DomainError(429, 'TOO_MANY_REQUESTS');
    throw error;
  }
}

/**
 * Sends a new confirmation link. Unknown and already confirmed addresses are answered like known ones, so the
 * form tells nobody which e-mails have accounts.
 */
export async function resendConfirmation(email: string): Promise<void> {
  try {
    await cognito.send(new ResendConfirmationCodeCommand({ ClientId: env().USER_POOL_CLIENT_ID, Username: email }));
  } catch (error) {
    if (error instanceof UserNotFoundException || error instanceof InvalidParameterException || error instanceof NotAuthorizedException) return;
    if (tooManyRequests(error)) throw new DomainError(429, 'TOO_MANY_REQUESTS');
    throw error;
  }
}
