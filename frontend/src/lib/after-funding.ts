import type { QueryClient } from '@tanstack/react-query';
import { dashboardQueryKey, employeesQueryKey, mainAccountQueryKey } from './query-keys';

/**
 * What a funding changes, whichever screen made it (a transfer, a file, a scheduled run): the main account
 * (confirmations, the dashboard's top-up panel), the dashboard's balances, and the employees' balances.
 */
export async function afterFunding(queryClient: QueryClient, companyId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: mainAccountQueryKey(companyId) }),
    queryClient.invalidateQueries({ queryKey: dashboardQueryKey(companyId) }),
    queryClient.invalidateQueries({ queryKey: employeesQueryKey(companyId) }),
  ]);
}
