import {
  assignTransferBodySchema,
  bankStatementBodySchema,
  bankTransferSchema,
  companySearchAnswerSchema,
  companySearchQuerySchema,
  statementImportAnswerSchema,
  transferResultSchema,
  unmatchedTransfersAnswerSchema,
  unmatchedTransfersQuerySchema,
} from '../../top-ups';
import type { RouteDefinition } from '../route-definition';

/**
 * Top-ups by bank transfer (issue 6): provider admins record incoming transfers by hand or from a bank statement,
 * and assign the ones that matched no company. Each bank transaction id is credited at most once; the three money
 * POSTs also carry an Idempotency-Key, so a retried click answers what the first one did.
 */
export const recordBankTransfer = {
  method: 'POST',
  path: '/admin/top-ups/transfers',
  handler: 'top-ups/record-bank-transfer',
  access: { kind: 'provider-admin' },
  idempotent: true,
  body: bankTransferSchema,
  answer: transferResultSchema,
} as const satisfies RouteDefinition;

export const importBankStatement = {
  method: 'POST',
  path: '/admin/top-ups/statements',
  handler: 'top-ups/import-bank-statement',
  access: { kind: 'provider-admin' },
  idempotent: true,
  body: bankStatementBodySchema,
  answer: statementImportAnswerSchema,
} as const satisfies RouteDefinition;

export const listUnmatchedTransfers = {
  method: 'GET',
  path: '/admin/top-ups/unmatched',
  handler: 'top-ups/list-unmatched-transfers',
  access: { kind: 'provider-admin' },
  query: unmatchedTransfersQuerySchema,
  answer: unmatchedTransfersAnswerSchema,
} as const satisfies RouteDefinition;

export const assignBankTransfer = {
  method: 'POST',
  path: '/admin/top-ups/assignments',
  handler: 'top-ups/assign-bank-transfer',
  access: { kind: 'provider-admin' },
  idempotent: true,
  body: assignTransferBodySchema,
  answer: transferResultSchema,
} as const satisfies RouteDefinition;

export const searchCompanies = {
  method: 'GET',
  path: '/admin/top-ups/companies',
  handler: 'top-ups/search-companies',
  access: { kind: 'provider-admin' },
  query: companySearchQuerySchema,
  answer: companySearchAnswerSchema,
} as const satisfies RouteDefinition;
