import { phoneSetupAnswerSchema, phoneSetupSchema } from '../../account';
import { smsCodeSchema } from '../../auth';
import type { RouteDefinition } from '../route-definition';
import { okAnswerSchema } from '../schemas';

/**
 * /phone/setup for a signed-in user without an SMS second factor: send a code to the phone, then confirm it. The
 * confirmation turns the second factor on and ends the session, so the next sign-in asks for the SMS code.
 */
export const requestPhoneCode = {
  method: 'POST',
  path: '/users/phone',
  handler: 'auth/request-phone-code',
  access: { kind: 'signed-in' },
  beforeSecondFactor: true,
  body: phoneSetupSchema,
  answer: phoneSetupAnswerSchema,
} as const satisfies RouteDefinition;

export const confirmPhone = {
  method: 'POST',
  path: '/users/phone/verify',
  handler: 'auth/confirm-phone',
  access: { kind: 'signed-in' },
  beforeSecondFactor: true,
  body: smsCodeSchema,
  answer: okAnswerSchema,
} as const satisfies RouteDefinition;
