import { accountEntriesAnswerSchema, accountEntriesQuerySchema } from '../../ledger';
import { priceListBodySchema, priceListSchema } from '../../prices';
import type { RouteDefinition } from '../route-definition';

/**
 * Fees (SPEC sections 4 and 9): the provider's price list in /admin, and the company's view of what its main account
 * paid and got back. The companies' own reading of the prices is GET /prices (employee routes).
 */
export const getPriceList = {
  method: 'GET',
  path: '/admin/prices',
  handler: 'fees/get-price-list',
  access: { kind: 'provider-admin' },
  answer: priceListSchema,
} as const satisfies RouteDefinition;

export const setPriceList = {
  method: 'PUT',
  path: '/admin/prices',
  handler: 'fees/set-price-list',
  access: { kind: 'provider-admin' },
  body: priceListBodySchema,
  answer: priceListSchema,
} as const satisfies RouteDefinition;

export const listAccountEntries = {
  method: 'GET',
  path: '/accounts/main/entries',
  handler: 'fees/list-account-entries',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  query: accountEntriesQuerySchema,
  answer: accountEntriesAnswerSchema,
} as const satisfies RouteDefinition;
