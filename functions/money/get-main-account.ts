import { currency } from '@shared/money';
import { paymentReferenceOf } from '@shared/top-ups';
import { notFound } from '../platform/errors';
import { keys } from '../platform/keys';
import { companyRecord } from '../platform/identity-records';
import { mainAccountRecord } from './money-records';
import { getItem } from '../platform/table';
import { useCase } from '../platform/use-case';
import * as moneyRoutes from '@shared/api/routes/money-routes';

export const handler = useCase(moneyRoutes.getMainAccount, async ({ caller }) => {
  const [item, company] = await Promise.all([getItem(keys.mainAccount(caller.companyId)), getItem(keys.company(caller.companyId))]);
  if (!item || !company) throw notFound();
  const { iban, availableCents, reservedCents } = mainAccountRecord.parse(item);
  const { registrationNumber } = companyRecord.parse(company);
  return { iban, paymentReference: paymentReferenceOf(registrationNumber), availableCents, reservedCents, currency };
});
