import { readTransactionPage } from './transaction-pages';
import { useCase } from '../platform/use-case';
import * as transactionRoutes from '@shared/api/routes/transaction-routes';

/** SPEC section 2 "Transactions": one page of the company's card transactions with the filters' totals. */
export const handler = useCase(transactionRoutes.listTransactions, async ({ caller, query }) => {
  const { page, itemsPerPage, ...filters } = query;
  const answer = await readTransactionPage({ companyId: caller.companyId, filters, page, itemsPerPage });
  return { rows: answer.rows, totalPages: answer.totalPages, totalRecords: answer.totalRecords, totalSumCents: answer.totalSumCents };
});
