import { queryOptions } from '@tanstack/react-query';
import { topUpRoutes } from '@shared/api/routes/top-up-routes';
import type { AssignTransferBody, BankStatementBody, BankTransferInput } from '@shared/top-ups';
import { callApi } from '@frontend/lib/http';

export const unmatchedTransfersQueryKey = ['admin', 'top-ups', 'unmatched'] as const;

/** The unmatched list is an admin's work queue: one page of the largest size is what the screen shows. */
export function unmatchedTransfersQueryOptions() {
  return queryOptions({
    queryKey: unmatchedTransfersQueryKey,
    queryFn: ({ signal }) => callApi(topUpRoutes.listUnmatchedTransfers, { query: { itemsPerPage: 100 }, signal }),
  });
}

export function companyChoicesQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['admin', 'top-ups', 'companies', search] as const,
    queryFn: ({ signal }) => callApi(topUpRoutes.searchCompanies, { query: { search }, signal }),
  });
}

export const recordBankTransfer = (body: BankTransferInput) => callApi(topUpRoutes.recordBankTransfer, { body });
export const importBankStatement = (body: BankStatementBody) => callApi(topUpRoutes.importBankStatement, { body });
export const assignBankTransfer = (body: AssignTransferBody) => callApi(topUpRoutes.assignBankTransfer, { body });
