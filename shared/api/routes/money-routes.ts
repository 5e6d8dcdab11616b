import { mainAccountSchema } from '../../accounts';
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
