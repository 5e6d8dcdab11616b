import { phoneSetupSchema, type PhoneSetupValues } from '@shared/account';
import { smsCodeSchema, type SmsCodeValues } from '@shared/auth';
import { zodValidate } from '@frontend/lib/form-validation';

export const phoneFields = ['phone'] as const;
export const validatePhone = zodValidate<PhoneSetupValues>(phoneSetupSchema);

export const codeFields = ['code'] as const;
export const validateCode = zodValidate<SmsCodeValues>(smsCodeSchema);
