import * as z from 'zod/mini';

export const companyRoles = ['accountant', 'manager', 'owner'] as const;
export const roles = ['guest', ...companyRoles] as const;
export type Role = (typeof roles)[number];
export type CompanyRole = (typeof companyRoles)[number];
export const roleSchema = /* @__PURE__ */ z.enum(roles);
export const companyRoleSchema = /* @__PURE__ */ z.enum(companyRoles);

export const roleRank: Readonly<Record<Role, number>> = { guest: 0, accountant: 1, manager: 2, owner: 3 };

export function hasRole(actual: Role, minimal: Role): boolean {
  return roleRank[actual] >= roleRank[minimal];
}

/**
 * Who may do what. SPEC leaves it open; DESIGN section 6 decides: accountants read and download,
 * managers also act on employees, cards and money, owners also manage the team and the company.
 */
export const permissionMinRole = {
  read: 'accountant',
  download: 'accountant',
  generateReports: 'accountant',
  useMessaging: 'accountant',
  manageEmployees: 'manager',
  manageCards: 'manager',
  transferFunds: 'manager',
  manageTeam: 'owner',
  manageCompany: 'owner',
} as const satisfies Record<string, CompanyRole>;
export type Permission = keyof typeof permissionMinRole;

export function can(role: Role, permission: Permission): boolean {
  return hasRole(role, permissionMinRole[permission]);
}

/**
 * Who may see and download the company's invoices (issue 34): its owners and its accountant, who books them; not its
 * managers, who run cards and money but not the books. The one permission that is not a minimal role.
 */
export const invoiceReaderRoles = ['owner', 'accountant'] as const satisfies readonly CompanyRole[];

export function readsInvoices(role: Role): boolean {
  return (invoiceReaderRoles as readonly Role[]).includes(role);
}

/** Cognito group whose members are the provider's operations team. */
export const providerAdminGroup = 'provider-admins';
