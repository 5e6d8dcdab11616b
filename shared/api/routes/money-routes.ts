import { lowBalanceAlertBodySchema, mainAccountSchema } from '../../accounts';
import type { RouteDefinition } from '../route-definition';

/** Money routes: an approved company's only (before approval they answer 403 COMPANY_NOT_APPROVED). */
export const getMainAccount = {
  method: 'GET',
  path: '/accounts/main',
  handler: 'money/get-main-account',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  answer: mainAccountSchema,
} as const satisfies RouteDefinition;

/** The owners' low-balance alert on the main account (issue 21): one e-mail and a dashboard notice per crossing. */
export const setLowBalanceAlert = {
  method: 'PUT',
  path: '/accounts/main/low-balance-alert',
  handler: 'money/set-low-balance-alert',
  access: { kind: 'member', minRole: 'owner' },
  activeCompanyOnly: true,
  body: lowBalanceAlertBodySchema,
  answer: mainAccountSchema,
} as const satisfies RouteDefinition;
