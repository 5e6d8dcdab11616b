import { randomUUID } from 'node:crypto';
import { sessionDefaultLanguage } from '@shared/languages';
import { newCompany, sampleCompanyRegister } from '../companies';
import { providerName } from '../platform/env';
import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { createCompanyWithOwner, isPhoneClaimed, isRegistrationNumberClaimed } from './account-store';
import { enableSmsSecondFactor, registerAccount, removeAccount } from './cognito-accounts';
import * as accountRoutes from '@shared/api/routes/account-routes';

const register = sampleCompanyRegister();

export const handler = useCase(accountRoutes.signUp, async ({ body }) => {
  const entry = await register.find(body.registrationNumber);
  if (!entry) throw new DomainError(404, 'COMPANY_NOT_IN_REGISTER', { registrationNumber: 'COMPANY_NOT_IN_REGISTER' });
  // Checked before Cognito, so the common case leaves no account to undo; the transaction below still decides races.
  if (await isRegistrationNumberClaimed(entry.registrationNumber)) {
    throw new DomainError(409, 'COMPANY_ALREADY_REGISTERED', { registrationNumber: 'COMPANY_ALREADY_REGISTERED' });
  }
  if (await isPhoneClaimed(body.phone)) throw new DomainError(409, 'PHONE_TAKEN', { phone: 'PHONE_TAKEN' });

  const email = body.email.toLowerCase();
  const language = body.language ?? sessionDefaultLanguage;
  const owner = { email, phone: body.phone, name: body.name, surname: body.surname, language };
  const userId = await registerAccount({ ...owner, password: body.password });
  const company = newCompany(`company-${randomUUID()}`, entry, providerName());
  try {
    await enableSmsSecondFactor(email);
    // The account is Cognito's; its sign-up is recorded in the transaction that makes the company, and an account
    // whose company could not be made is removed again: none is left without its record.
    await createCompanyWithOwner(company, { ...owner, userId }, new Date().toISOString());
  } catch (error) {
    await removeAccount(email);
    throw error;
  }
  return { email, companyName: company.name };
});
