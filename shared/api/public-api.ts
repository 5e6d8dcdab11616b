import type { ApiScope } from '../api-keys';
import type { RouteDefinition } from './route-definition';

/**
 * The public API a company's own systems call with an API key (issue 20): these routes of the manifest, under
 * `publicApiPrefix` (GET /v1/employees is GET /employees), each with the scope a key needs for it. The same handler
 * serves the portal's path, with a Cognito token, and this one, with a key; nothing else is reachable by a key. The
 * OpenAPI document, the stack, the local adapter and the authorization tests read this one list.
 */
export const publicApiPrefix = '/v1';

export const publicApiScopes = {
  'employees/list-employees': 'employees:read',
  'employees/get-employee': 'employees:read',
  'transactions/list-transactions': 'employees:read',
  'transactions/request-transactions-export': 'employees:read',
  'exports/get-export-availability': 'employees:read',
  'exports/get-export-file': 'employees:read',
  'money/get-main-account': 'employees:read',
  'fees/list-account-entries': 'employees:read',
  'employees/add-employee': 'employees:write',
  'employees/set-employee-limits': 'employees:write',
  'employees/change-employee-phone': 'employees:write',
  'employees/activate-card': 'employees:write',
  'employees/block-card': 'employees:write',
  'employees/unblock-card': 'employees:write',
  'employees/replace-card': 'employees:write',
  'employees/close-card': 'employees:write',
  'employees/block-app-access': 'employees:write',
  'employees/unblock-app-access': 'employees:write',
  'employees/terminate-product': 'employees:write',
  'employees/apply-bulk-card-action': 'employees:write',
  'employees/get-employee-import-template': 'employees:write',
  'employees/upload-employee-import': 'employees:write',
  'employees/get-employee-import': 'employees:write',
  'employees/list-employee-import-rows': 'employees:write',
  'employees/apply-employee-import': 'employees:write',
  'funding/fund-employee': 'money:write',
  // A funding that waits for approval answers 202 with this route's address: its system follows the decision here.
  'approvals/get-approval': 'money:write',
  'funding/get-funding-template': 'money:write',
  'funding/upload-funding-file': 'money:write',
  'funding/get-funding-file': 'money:write',
  'funding/apply-funding-file': 'money:write',
  'funding/retry-funding-file': 'money:write',
  'reports/list-reports': 'reports:read',
  'reports/generate-report': 'reports:read',
  'reports/get-report-file': 'reports:read',
} as const satisfies Readonly<Record<string, ApiScope>>;

/** The scope a key needs for a route, or undefined when the route is not part of the public API. */
export function publicApiScopeOf(route: Pick<RouteDefinition, 'handler'>): ApiScope | undefined {
  return (publicApiScopes as Readonly<Record<string, ApiScope>>)[route.handler];
}

/** The public API's path of a route: its portal path under the prefix. */
export function publicApiPath(route: Pick<RouteDefinition, 'path'>): string {
  return `${publicApiPrefix}${route.path}`;
}
