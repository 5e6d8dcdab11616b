import { backgroundFileAnswerSchema, exportAvailabilitySchema, exportFileSchema, exportParamsSchema } from '../../exports';
import { transactionsAnswerSchema, transactionsExportQuerySchema, transactionsQuerySchema } from '../../transactions';
import type { RouteDefinition } from '../route-definition';

/**
 * The company's card transactions (SPEC sections 2, 3 and 7) and background files (SPEC section 4): the list, its CSV
 * through the background-file protocol, and the protocol's availability and file calls, which other downloads reuse.
 */
export const listTransactions = {
  method: 'GET',
  path: '/transactions',
  handler: 'transactions/list-transactions',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  query: transactionsQuerySchema,
  answer: transactionsAnswerSchema,
} as const satisfies RouteDefinition;

export const exportTransactions = {
  method: 'GET',
  path: '/transactions/export',
  handler: 'transactions/request-transactions-export',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  query: transactionsExportQuerySchema,
  answer: backgroundFileAnswerSchema,
} as const satisfies RouteDefinition;

export const getExportAvailability = {
  method: 'GET',
  path: '/exports/{fileId}/availability',
  handler: 'exports/get-export-availability',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  params: exportParamsSchema,
  answer: exportAvailabilitySchema,
} as const satisfies RouteDefinition;

export const getExportFile = {
  method: 'GET',
  path: '/exports/{fileId}/file',
  handler: 'exports/get-export-file',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  params: exportParamsSchema,
  answer: exportFileSchema,
} as const satisfies RouteDefinition;
