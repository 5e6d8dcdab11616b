import { exportFileSchema } from '../../exports';
import {
  adminInvoiceSchema,
  adminInvoicesAnswerSchema,
  adminInvoicesQuerySchema,
  invoiceParamsSchema,
  invoicesAnswerSchema,
  invoicesQuerySchema,
  issueCreditNoteSchema,
} from '../../invoices';
import { invoiceReaderRoles } from '../../roles';
import type { RouteDefinition } from '../route-definition';

/**
 * Invoices (issue 34): the company's owners and accountants list its invoices and credit notes under Reporting >
 * Invoices and download each PDF; managers do not (docs/decisions.md "Invoices"). Every company is invoiced, so these
 * routes do not need the reporting feature.
 */
const invoiceReaders = { kind: 'member', minRole: 'accountant', roles: invoiceReaderRoles } as const;

export const listInvoices = {
  method: 'GET',
  path: '/invoices',
  handler: 'invoices/list-invoices',
  access: invoiceReaders,
  query: invoicesQuerySchema,
  answer: invoicesAnswerSchema,
} as const satisfies RouteDefinition;

export const getInvoiceFile = {
  method: 'GET',
  path: '/invoices/{invoiceId}/file',
  handler: 'invoices/get-invoice-file',
  access: invoiceReaders,
  params: invoiceParamsSchema,
  answer: exportFileSchema,
} as const satisfies RouteDefinition;

/** The provider's console: every company's invoices, newest number first, and a correction as a credit note. */
export const listAdminInvoices = {
  method: 'GET',
  path: '/admin/invoices',
  handler: 'invoices/list-admin-invoices',
  access: { kind: 'provider-admin' },
  query: adminInvoicesQuerySchema,
  answer: adminInvoicesAnswerSchema,
} as const satisfies RouteDefinition;

export const issueCreditNote = {
  method: 'POST',
  path: '/admin/invoices/{invoiceId}/credit-notes',
  handler: 'invoices/issue-credit-note',
  access: { kind: 'provider-admin' },
  idempotent: true,
  params: invoiceParamsSchema,
  body: issueCreditNoteSchema,
  answer: adminInvoiceSchema,
} as const satisfies RouteDefinition;

export const getAdminInvoiceFile = {
  method: 'GET',
  path: '/admin/invoices/{invoiceId}/file',
  handler: 'invoices/get-admin-invoice-file',
  access: { kind: 'provider-admin' },
  params: invoiceParamsSchema,
  answer: exportFileSchema,
} as const satisfies RouteDefinition;
