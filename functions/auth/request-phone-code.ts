import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { phoneOwner } from './account-store';
import { sendPhoneCode } from './cognito-accounts';
import * as phoneRoutes from '@shared/api/routes/phone-routes';

/** /phone/setup, first half: SPEC section 5's phone rules, then Cognito texts a code to the new phone. */
export const handler = useCase(phoneRoutes.requestPhoneCode, async ({ caller, body }) => {
  if (caller.profile.phone === body.phone) throw new DomainError(409, 'PHONE_SAME', { phone: 'PHONE_SAME' });
  // The second factor is moved only by someone who proved the old one; setup is for a user who has none.
  if (caller.profile.phone) throw new DomainError(409, 'PHONE_ALREADY_SET');
  const owner = await phoneOwner(body.phone);
  if (owner && owner !== caller.userId) throw new DomainError(409, 'PHONE_TAKEN', { phone: 'PHONE_TAKEN' });
  await sendPhoneCode(caller.profile.email, body.phone, caller.accessToken);
  return { phone: body.phone };
});
