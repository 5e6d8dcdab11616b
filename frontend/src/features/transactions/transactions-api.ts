import * as transactionRoutes from '@shared/api/routes/transaction-routes';
import type { Language } from '@shared/languages';
import type { TableParams } from '@frontend/components/data-table/use-table-query';
import { callApi } from '@frontend/lib/http';

/** Per company, so a client switch never shows the previous company's transactions. */
export const transactionsQueryKey = (companyId: string) => ['transactions', companyId] as const;

export interface TransactionFilterValues {
  personalCode: string;
  phone: string;
  mccGroups: readonly string[];
  dateFrom: string;
  dateTo: string;
}
export const emptyTransactionFilters: TransactionFilterValues = { personalCode: '', phone: '', mccGroups: [], dateFrom: '', dateTo: '' };

/** The filters as the list and its download send them (SPEC section 7): empty values are left out. */
function filterQuery(params: TableParams<TransactionFilterValues>) {
  const { filters } = params;
  return {
    search: params.search || undefined,
    personalCode: filters.personalCode || undefined,
    phone: filters.phone || undefined,
    mccGroups: filters.mccGroups.length > 0 ? filters.mccGroups.join(',') : undefined,
    dateLimit: params.period,
    dateFrom: filters.dateFrom || undefined,
    dateTo: filters.dateTo || undefined,
  };
}

export function fetchTransactions(params: TableParams<TransactionFilterValues>, signal: AbortSignal) {
  return callApi(transactionRoutes.listTransactions, { signal, query: { page: params.page, itemsPerPage: params.itemsPerPage, ...filterQuery(params) } });
}

export function requestTransactionsFile(params: TableParams<TransactionFilterValues>, lang: Language) {
  return callApi(transactionRoutes.exportTransactions, { query: { ...filterQuery(params), lang } });
}
