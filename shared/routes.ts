import { cardPagePrefix, signInPagePaths } from './page-entries';
import { invoiceReaderRoles, type Role } from './roles';

/**
 * Why the sign-in page opens after every session of the account ended (DESIGN section 6): "Sign out on all devices",
 * or a password change, which ends them all too. The page says so (its `ended` search parameter).
 */
export const sessionsEndedReasons = ['all-devices', 'password-changed'] as const;
export type SessionsEndedReason = (typeof sessionsEndedReasons)[number];
export const sessionsEndedParam = 'ended';

export function sessionsEndedReasonOf(search: string): SessionsEndedReason | null {
  const reason = new URLSearchParams(search).get(sessionsEndedParam);
  return sessionsEndedReasons.find((known) => known === reason) ?? null;
}

/** Every screen of SPEC section 2, the one list the router and the navigation read. */
export const paths = {
  /** The sign-in page's paths (its own entry, shared/page-entries.ts). */
  root: signInPagePaths.root,
  login: signInPagePaths.login,
  terms: '/terms',
  deliveryPolicy: '/delivery-policy',
  signup: '/signup',
  signupStep: '/signup/:step',
  phoneVerify: signInPagePaths.phoneVerify,
  phoneSetup: '/phone/setup',
  emailConfirm: '/users/email/confirm/:token',
  resetRequest: '/reset/password/request',
  reset: '/reset/password/:token',
  invitation: '/invitation/:token',
  /** An employee's own card (sign-in by phone and SMS code): its own page entry (shared/page-entries.ts). */
  card: cardPagePrefix,
  notFound: '/404',
  dashboard: '/dashboard',
  transactions: '/transactions',
  users: '/users',
  user: '/users/:userId',
  messaging: '/messaging',
  reporting: '/reporting',
  /** Reporting > Invoices (issue 34): the company's invoices and credit notes, for its owners and accountants. */
  reportingInvoices: '/reporting/invoices',
  /** Scheduled fundings (issue 21): rules that fund employees on a rhythm, with their runs. */
  fundingSchedules: '/funding-schedules',
  settings: '/settings',
  /** Dual approval (issue 35): the requests waiting for a second person, and those decided. */
  approvals: '/approvals',
  /** The company's audit trail (issue 21): who did what, when, to whom, with the change. */
  activity: '/activity',
  /** Owners: the company's API keys and webhooks, for its own systems (issue 20). */
  integrations: '/integrations',
  /** The public API's reference, generated from the route manifest. */
  apiReference: '/integrations/api',
  /** The provider's console: provider admins only. */
  admin: '/admin',
  adminApplication: '/admin/applications/:companyId',
  adminPrices: '/admin/prices',
  adminTopUps: '/admin/top-ups',
  /** Every company's invoices, and credit notes that correct them (issue 34). */
  adminInvoices: '/admin/invoices',
  adminMessaging: '/admin/messaging',
} as const;

export interface ProtectedRoute {
  path: string;
  minRole: Role;
  exactRole?: Role;
  /** Only these roles, where a route names them (Reporting > Invoices: owners and accountants). */
  roles?: readonly Role[];
  feature?: 'reporting';
  /** The provider's console: members of the provider-admin group only, whatever their company role. */
  providerAdmin?: true;
}

export const protectedRoutes: readonly ProtectedRoute[] = [
  { path: paths.dashboard, minRole: 'accountant' },
  { path: paths.transactions, minRole: 'accountant' },
  { path: paths.users, minRole: 'accountant' },
  { path: paths.user, minRole: 'accountant' },
  { path: paths.messaging, minRole: 'accountant' },
  { path: paths.reporting, minRole: 'accountant', feature: 'reporting' },
  // Every company is invoiced, with or without the reporting feature (docs/decisions.md "Invoices").
  { path: paths.reportingInvoices, minRole: 'accountant', roles: invoiceReaderRoles },
  { path: paths.fundingSchedules, minRole: 'accountant' },
  { path: paths.settings, minRole: 'accountant' },
  { path: paths.approvals, minRole: 'manager' },
  { path: paths.activity, minRole: 'accountant' },
  { path: paths.integrations, minRole: 'owner' },
  { path: paths.apiReference, minRole: 'owner' },
  { path: paths.admin, minRole: 'guest', providerAdmin: true },
  { path: paths.adminApplication, minRole: 'guest', providerAdmin: true },
  { path: paths.adminPrices, minRole: 'guest', providerAdmin: true },
  { path: paths.adminTopUps, minRole: 'guest', providerAdmin: true },
  { path: paths.adminInvoices, minRole: 'guest', providerAdmin: true },
  { path: paths.adminMessaging, minRole: 'guest', providerAdmin: true },
];

/** Navigation bar links, in the order SPEC section 2 lists them. */
export const navigationLinks = [
  { path: paths.dashboard, labelKey: 'nav.dashboard' },
  { path: paths.transactions, labelKey: 'nav.transactions' },
  { path: paths.users, labelKey: 'nav.users' },
  { path: paths.fundingSchedules, labelKey: 'nav.fundingSchedules' },
  { path: paths.messaging, labelKey: 'nav.messaging' },
  { path: paths.settings, labelKey: 'nav.settings' },
  { path: paths.approvals, labelKey: 'nav.approvals', minRole: 'manager' },
  { path: paths.reporting, labelKey: 'nav.reporting', feature: 'reporting' },
  { path: paths.activity, labelKey: 'nav.activity' },
  { path: paths.integrations, labelKey: 'nav.integrations', minRole: 'owner' },
] as const;

/**
 * Whether a path is one of a route's (`:name` matches one segment; a trailing slash and letter case make no difference),
 * as the router matches it: for code that decides where to go without the router (the sign-in page).
 */
export function matchesRoute(routePath: string, pathname: string): boolean {
  const segments = (path: string) => path.split('/').filter((segment) => segment !== '');
  const expected = segments(routePath);
  const actual = segments(pathname);
  return expected.length === actual.length && expected.every((segment, index) => (segment.startsWith(':') ? actual[index] !== '' : segment.toLowerCase() === actual[index]?.toLowerCase()));
}

/** The sign-in page, saying that every session of the account ended and why. */
export function loginAfterSessionsEnded(reason: SessionsEndedReason): string {
  return `${paths.login}?${sessionsEndedParam}=${reason}`;
}
