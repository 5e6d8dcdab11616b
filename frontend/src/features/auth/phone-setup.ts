import { phoneSetupSchema, type PhoneSetupValues } from '@shared/account';
import { smsCodeSchema, type SmsCodeValues } from '@shared/auth';
import { zodValidate } from '@frontend/lib/form-validation';

export const phoneFields = ['phone'] as const;
export const validatePhone = zodValidate<PhoneSetupValues>(phoneSetupSchema);

export const codeFields = ['code'] as const;
export const validateCode = zodValidate<SmsCodeValues>(smsCodeSchema);

/**
 * Where /phone/setup stands: a visitor without a session is told to sign in; a signed-in user without a phone
 * enters one, then the code sent to it; once confirmed, the session is over and the user signs in again.
 */
export type PhoneSetupStage = { stage: 'sign-in-first' } | { stage: 'phone' } | { stage: 'code'; phone: string } | { stage: 'done' };
