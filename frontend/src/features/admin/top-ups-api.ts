import { queryOptions } from '@tanstack/react-query';
import * as topUpRoutes from '@shared/api/routes/top-up-routes';
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

/**
 * The three money POSTs are Idempotency-Key routes: `key` is the admin's action (one confirmation), the same for every
 * retry of it, so a lost answer tried again is answered once more instead of moving money twice.
 */
export const recordBankTransfer = ({ body, key }: { body: BankTransferInput; key: string }) => callApi(topUpRoutes.recordBankTransfer, { body, idempotencyKey: key });
export const importBankStatement = ({ body, key }: { body: BankStatementBody; key: string }) => callApi(topUpRoutes.importBankStatement, { body, idempotencyKey: key });
export const assignBankTransfer = ({ body, key }: { body: AssignTransferBody; key: string }) => callApi(topUpRoutes.assignBankTransfer, { body, idempotencyKey: key });
