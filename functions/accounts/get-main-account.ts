import { currency } from '@shared/money';
import { notFound } from '../platform/errors';
import { keys } from '../platform/keys';
import { mainAccountRecord } from '../platform/records';
import { getItem } from '../platform/table';
import { useCase } from '../platform/use-case';

export const handler = useCase('GET /accounts/main', async ({ caller }) => {
  const item = await getItem(keys.mainAccount(caller.companyId));
  if (!item) throw notFound();
  const { iban, availableCents, reservedCents } = mainAccountRecord.parse(item);
  return { iban, availableCents, reservedCents, currency };
});
