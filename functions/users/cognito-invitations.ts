import { randomBytes } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  InvalidParameterException,
  UnsupportedUserStateException,
  UserNotFoundException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Language } from '@shared/languages';
import { cognito } from '../platform/aws/cognito';
import { isThrottled } from '../platform/cognito-errors';
import { userPoolId } from '../platform/env';
import { DomainError } from '../platform/errors';
import type { CompanyRecord, UserProfileRecord } from '../platform/identity-records';

/** What the invitation e-mail says about who invites whom where; Cognito hands it to the CustomMessage trigger. */
export interface InvitationContext {
  companyName: string;
  inviterName: string;
  language: Language;
}

export function invitationContext(company: CompanyRecord, inviter: UserProfileRecord): InvitationContext {
  return { companyName: company.name, inviterName: `${inviter.name} ${inviter.surname}`, language: inviter.language };
}

/**
 * The temporary password travels in the invitation link, so the portal makes it (base64url, 24 characters)
 * instead of letting Cognito pick one with characters a URL path would have to escape.
 */
export function temporaryPassword(): string {
  return randomBytes(18).toString('base64url');
}

/** The attributes of an invited person's account: the e-mail counts as verified, since the invitation reaches them there. */
export function invitedAccountAttributes(invitee: { email: string; name: string; surname: string; language: Language }) {
  return [
    { Name: 'email', Value: invitee.email },
    { Name: 'email_verified', Value: 'true' },
    { Name: 'given_name', Value: invitee.name },
    { Name: 'family_name', Value: invitee.surname },
    { Name: 'locale', Value: invitee.language },
  ];
}

/**
 * Creates the invited person's Cognito account (e-mail counted as verified: the invitation reaches them there),
 * without a message yet: the invitation goes out (resendInvitation) once the portal has recorded the member, so
 * nobody gets a link to an account that was undone. Answers the new user's id (sub).
 */
export async function createInvitedAccount(invitee: { email: string; name: string; surname: string; language: Language }): Promise<string> {
  try {
    const answer = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId(),
        Username: invitee.email,
        TemporaryPassword: temporaryPassword(),
        MessageAction: 'SUPPRESS',
        UserAttributes: invitedAccountAttributes(invitee),
      }),
    );
    const sub = answer.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!sub) throw new Error('Cognito created an invited user without a sub');
    return sub;
  } catch (error) {
    // An account Cognito knows and the portal does not: a sign-up that never finished. Its owner can reset it.
    if (error instanceof UsernameExistsException) throw new DomainError(409, 'EMAIL_TAKEN', { email: 'EMAIL_TAKEN' });
    if (error instanceof InvalidParameterException) throw new DomainError(400, 'VALIDATION_FAILED', { email: 'INVALID_EMAIL' });
    if (isThrottled(error)) throw new DomainError(429, 'TOO_MANY_REQUESTS');
    throw error;
  }
}

/**
 * A new temporary password and a new e-mail for someone who has not used their invitation yet. Answers false for
 * someone who is not waiting for one: a person who signed up and has not confirmed their e-mail (they see the
 * company once they confirm and sign in), or an account that is gone.
 */
export async function resendInvitation(email: string, context: InvitationContext): Promise<boolean> {
  try {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId(),
        Username: email,
        MessageAction: 'RESEND',
        TemporaryPassword: temporaryPassword(),
        DesiredDeliveryMediums: ['EMAIL'],
        ClientMetadata: { ...context },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof UnsupportedUserStateException || error instanceof UserNotFoundException) return false;
    if (isThrottled(error)) throw new DomainError(429, 'TOO_MANY_REQUESTS');
    throw error;
  }
}

/** Undoes createInvitedAccount when the portal could not record the member: no half-made account stays. */
export async function removeInvitedAccount(email: string): Promise<void> {
  await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: email }));
}
