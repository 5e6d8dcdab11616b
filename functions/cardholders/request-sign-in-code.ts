import { mayUseCardPage } from '@shared/cardholder';
import { providerName } from '../platform/env';
import { logger } from '../platform/logger';
import { sendSms } from '../platform/sms';
import { useCase } from '../platform/use-case';
import { phoneOwner } from './cardholder-store';
import { forgetSignInCode, newSignInCode, signInCodeText, storeSignInCode } from './sign-in-codes';
import { assertSignInOpen } from './sign-in-guard';
import * as cardholderRoutes from '@shared/api/routes/cardholder-routes';

/**
 * /card, step 1. Whatever the phone, the answer is the same and a code item is stored (so the rate limit and the
 * code check behave alike); only an employee who may use /card gets a real code by SMS.
 */
export const handler = useCase(cardholderRoutes.requestSignInCode, async ({ body }) => {
  // A locked phone gets no code (of any use, or an SMS at all) until its lock ends, known or not.
  await assertSignInOpen(body.phone);
  const employee = await phoneOwner(body.phone);
  const code = employee && mayUseCardPage(employee.cardStatus, employee.deviceStatus) ? newSignInCode() : null;
  const stored = await storeSignInCode(body.phone, code);
  if (code) {
    try {
      await sendSms({ phone: body.phone, text: signInCodeText(code, providerName()) });
    } catch (error) {
      // A refusal for this number must not read differently from an unknown number: logged, and the employee may
      // ask again at once instead of waiting for a code that will not come. SNS's message may quote the number, so
      // only the error's name and the employee's id are logged.
      logger.error('sign-in code not sent', { companyId: employee?.companyId, employeeId: employee?.employeeId, error: error instanceof Error ? error.name : typeof error });
      await forgetSignInCode(stored);
    }
  }
  return { sent: true as const };
});
