import { endSessions } from '../platform/sessions';
import { useCase } from '../platform/use-case';
import { recordPhone } from './account-store';
import { confirmPhoneCode, setSmsSecondFactor } from './cognito-accounts';

/**
 * /phone/setup, second half: the code proves the phone, Cognito makes it the SMS second factor, the portal records
 * it (claimed for this user alone) and ends the session: the next sign-in goes through the SMS code.
 */
export const handler = useCase('POST /users/phone/verify', async ({ caller, body }) => {
  const phone = await confirmPhoneCode(caller.profile.email, body.code, caller.accessToken);
  try {
    await recordPhone(caller.userId, phone, caller.profile.phone ?? null);
  } catch (error) {
    // Someone claimed the phone in the meantime: the factor must not stay on a phone the portal gave to another.
    await setSmsSecondFactor(caller.accessToken, false);
    throw error;
  }
  await endSessions(caller.userId, new Date());
  return { ok: true as const };
});
