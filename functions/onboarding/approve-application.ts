import { randomInt } from 'node:crypto';
import { ibanOf } from '@shared/iban';
import { useCase } from '../platform/use-case';
import { decide } from './decide';
import * as reviewRoutes from '@shared/api/routes/review-routes';

/** The provider's bank code and a random account number: the IBAN claim in the approval keeps it unique. */
const bankCode = 'BCRD';
function newTopUpIban(): string {
  const account = Array.from({ length: 13 }, () => randomInt(10)).join('');
  return ibanOf('LV', `${bankCode}${account}`);
}

export const handler = useCase(reviewRoutes.approveApplication, async ({ caller, params }) =>
  decide(caller, params.companyId, { action: 'approved', topUpAccountIBAN: newTopUpIban() }),
);
