import type { MainAccount } from '@shared/accounts';
import { currency } from '@shared/money';
import { paymentReferenceOf } from '@shared/top-ups';
import { notFound } from '../platform/errors';
import { companyRecord } from '../platform/identity-records';
import { keys } from '../platform/keys';
import { getItem } from '../platform/table';
import { mainAccountRecord, type MainAccountRecord } from './money-records';

/** Strongly consistent: the low-balance check reads the account right after the write that changed it. */
export async function readAccount(companyId: string): Promise<MainAccountRecord | null> {
  const item = await getItem(keys.mainAccount(companyId), { consistent: true });
  return item ? mainAccountRecord.parse(item) : null;
}

/** The main account as its screen shows it: with the payment reference a top-up carries and the alert's state. */
export async function mainAccountView(companyId: string): Promise<MainAccount> {
  const [account, company] = await Promise.all([readAccount(companyId), getItem(keys.company(companyId))]);
  if (!account || !company) throw notFound();
  const { registrationNumber } = companyRecord.parse(company);
  return {
    iban: account.iban,
    paymentReference: paymentReferenceOf(registrationNumber),
    availableCents: account.availableCents,
    reservedCents: account.reservedCents,
    currency,
    lowBalanceThresholdCents: account.lowBalanceThresholdCents,
    lowBalanceSince: account.lowBalanceSince,
    lowBalanceRecipientIds: account.lowBalanceRecipientIds,
  };
}
