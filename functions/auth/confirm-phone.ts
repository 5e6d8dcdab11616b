import { recordsInEachCompany } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { logger } from '../platform/logger';
import { readableError } from '../platform/readable-error';
import { useCase } from '../platform/use-case';
import { recordPhone } from './account-store';
import { confirmPhoneCode, setSmsSecondFactor } from './cognito-accounts';
import { revokeRefreshTokens } from '../users';
import * as phoneRoutes from '@shared/api/routes/phone-routes';

/**
 * /phone/setup, second half: the code proves the phone, Cognito makes it the SMS second factor, and the portal
 * records it (claimed for this user alone) and ends the user's sessions in the same transaction, and Cognito revokes
 * their refresh tokens: the next sign-in goes through the SMS code.
 */
export const handler = useCase(phoneRoutes.confirmPhone, async ({ caller, body }) => {
  if (caller.profile.phone) throw new DomainError(409, 'PHONE_ALREADY_SET');
  const phone = await confirmPhoneCode(caller.profile.email, body.code, caller.accessToken);
  const now = new Date();
  try {
    // Cognito's factor is set first; the phone's record in each of the user's companies goes in the portal's
    // transaction right after, and a failure of that turns the factor off again: neither stays without the other.
    await recordPhone(caller.userId, phone, now, recordsInEachCompany(caller.profile, caller.memberships, { action: 'user.phone_set', after: { phone }, at: now.toISOString() }));
  } catch (error) {
    // The phone went to someone else meanwhile: the factor must not stay on it. The user had none before.
    await setSmsSecondFactor(caller.accessToken, false).catch(async (undo: unknown) => {
      logger.error('could not turn the SMS factor off again', { userId: caller.userId, error: await readableError(undo) });
    });
    throw error;
  }
  // The sessions already end at the API (recordPhone's cut); revoking their refresh tokens at Cognito too is defence in
  // depth, and a failure of it must not turn a recorded phone into an error the user cannot retry.
  await revokeRefreshTokens(caller.profile.email).catch(async (failure: unknown) => {
    logger.error('could not revoke the refresh tokens after a phone setup', { userId: caller.userId, error: await readableError(failure) });
  });
  return { ok: true as const };
});
