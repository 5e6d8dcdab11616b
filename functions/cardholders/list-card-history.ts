import { cardHistoryPageSize } from '@shared/cardholder';
import * as cardholderRoutes from '@shared/api/routes/cardholder-routes';
import { cardAccountEntries } from '../money';
import { employeeTransactionsBefore } from '../transactions';
import { validationFailed } from '../platform/errors';
import { companyRecord } from '../platform/identity-records';
import { keys } from '../platform/keys';
import { getItem } from '../platform/table';
import { useCase } from '../platform/use-case';
import { historyPage, readCursor, type HistoryCursor } from './card-history';
import { readCardholder } from './cardholder-store';

/**
 * The signed-in employee's own history (issue 32): every key is built from her session's company and employee, so
 * no other card's lines can be read. Two Queries of `size + 1` items and the company, whatever the page.
 */
export const handler = useCase(cardholderRoutes.getCardHistory, async ({ caller, query }) => {
  const employee = await readCardholder(caller);
  const cursor: HistoryCursor | null = query.cursor === undefined ? { transactionsBefore: null, accountBefore: null } : readCursor(query.cursor);
  if (!cursor) throw validationFailed({ cursor: 'INVALID_VALUE' });
  const { companyId, employeeId } = employee;
  const [transactions, account, company] = await Promise.all([
    employeeTransactionsBefore({ companyId, employeeId, beforeSeq: cursor.transactionsBefore, limit: cardHistoryPageSize + 1 }),
    cardAccountEntries({ companyId, employeeId, before: cursor.accountBefore, limit: cardHistoryPageSize + 1 }),
    getItem(keys.company(companyId)),
  ]);
  const companyName = company ? companyRecord.parse(company).name : '';
  return historyPage({ transactions, account }, cursor, companyName, cardHistoryPageSize);
});
