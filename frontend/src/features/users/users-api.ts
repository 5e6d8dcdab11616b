import * as employeeRoutes from '@shared/api/routes/employee-routes';
import type { BulkCardAction, EmployeeDetail } from '@shared/employees';
import type { CompanyCardAction, DeviceAction } from '@shared/cards';
import type { TableParams } from '@frontend/components/data-table/use-table-query';
import { callApi } from '@frontend/lib/http';

import { employeesQueryKey } from '@frontend/lib/query-keys';

export { employeesQueryKey };
export const employeeQueryKey = (companyId: string, employeeId: string) => ['employees', companyId, 'detail', employeeId] as const;
export const pricesQueryKey = ['prices'] as const;

export interface UserFilters {
  status: string;
  cardStatus: string;
}
export const emptyUserFilters: UserFilters = { status: '', cardStatus: '' };

export function fetchEmployees(params: TableParams<UserFilters>, signal: AbortSignal) {
  return callApi(employeeRoutes.listEmployees, {
    signal,
    query: {
      page: params.page,
      itemsPerPage: params.itemsPerPage,
      search: params.search || undefined,
      status: params.filters.status || undefined,
      cardStatus: params.filters.cardStatus || undefined,
    },
  });
}

export const fetchEmployee = (employeeId: string, signal?: AbortSignal) => callApi(employeeRoutes.getEmployee, { params: { employeeId }, signal });

const cardActionRoutes = {
  activate: employeeRoutes.activateCard,
  block: employeeRoutes.blockCard,
  unblock: employeeRoutes.unblockCard,
  close: employeeRoutes.closeCard,
  terminate: employeeRoutes.terminateProduct,
} as const;

export function runCardAction(employeeId: string, action: Exclude<CompanyCardAction, 'replace'>): Promise<EmployeeDetail> {
  return callApi(cardActionRoutes[action], { params: { employeeId }, body: {} });
}

export function runDeviceAction(employeeId: string, action: DeviceAction): Promise<EmployeeDetail> {
  const route = action === 'block' ? employeeRoutes.blockAppAccess : employeeRoutes.unblockAppAccess;
  return callApi(route, { params: { employeeId }, body: {} });
}

/** Lifts the /card sign-in lock that too many wrong codes put on the employee's phone. */
export function liftSignInLock(employeeId: string): Promise<EmployeeDetail> {
  return callApi(employeeRoutes.liftSignInLock, { params: { employeeId }, body: {} });
}

export const runBulkCardAction = (action: BulkCardAction, employeeIds: string[]) => callApi(employeeRoutes.applyBulkCardAction, { body: { action, employeeIds } });
