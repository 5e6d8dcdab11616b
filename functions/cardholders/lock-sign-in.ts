import { formatDate } from '@shared/date-format';
import { signInLockRules } from '@shared/cardholder';
import { commitEmployeeChange } from '../employees';
import { systemActor } from '../platform/audit';
import { providerName } from '../platform/env';
import { logger } from '../platform/logger';
import { readableError } from '../platform/readable-error';
import { sendSms } from '../platform/sms';
import { phoneOwner } from './cardholder-store';

/** No employee language is known: one short text in Latvian and English, as the code itself. */
export function signInLockedText(until: Date, provider: string): string {
  const time = formatDate(until, { withTime: true });
  return `${provider}: kartes lapā ievadīti ${signInLockRules.maxWrongCodes} nepareizi kodi; pieslēgšanās bloķēta līdz ${time}. Ja tas nebijāt jūs, sazinieties ar darba devēju. ${signInLockRules.maxWrongCodes} wrong codes were typed for your card page; signing in is locked until ${time}. If it was not you, tell your employer.`;
}

/**
 * The phone was just locked: its employee (if it is one's) hears of it by SMS, and the company sees it on the employee,
 * with an audit record. An unknown phone gets nothing: texting any number typed would be an SMS pump. Failures are
 * logged, not answered: the lock itself holds either way.
 */
export async function tellOfSignInLock(phone: string, lockedUntil: number): Promise<void> {
  const employee = await phoneOwner(phone);
  if (!employee) return;
  const until = new Date(lockedUntil);
  try {
    await commitEmployeeChange({ employee, set: { signInLockedUntil: until.toISOString() }, expect: {}, actor: systemActor, action: 'device.sign_in_locked' });
  } catch (error) {
    logger.error('sign-in lock not recorded on the employee', { companyId: employee.companyId, employeeId: employee.employeeId, error: await readableError(error) });
  }
  try {
    await sendSms({ phone, text: signInLockedText(until, providerName()) });
  } catch (error) {
    // SNS's message may quote the number: only the error's name is logged.
    logger.error('sign-in lock SMS not sent', { companyId: employee.companyId, employeeId: employee.employeeId, error: error instanceof Error ? error.name : typeof error });
  }
}
