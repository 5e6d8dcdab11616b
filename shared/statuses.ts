import * as z from 'zod/mini';

export const employeeStatuses = ['created', 'active', 'non_active', 'closed_card'] as const;
export type EmployeeStatus = (typeof employeeStatuses)[number];

export const cardStatuses = [
  'replaced_ordered',
  'replaced_delivered',
  'ordered',
  'delivered',
  'active',
  'soft_blocked',
  'suspended',
  'closed',
  'removed',
  'inactive',
  'stopped',
  'blocked',
  'new',
  'none',
] as const;
export type CardStatus = (typeof cardStatuses)[number];

export const statusChangers = ['employee', 'admin', 'company_user', 'system', 'api_key'] as const;
export type StatusChanger = (typeof statusChangers)[number];

export const deviceStatuses = ['created', 'active', 'blocked', 'removed'] as const;
export type DeviceStatus = (typeof deviceStatuses)[number];

export const cardAccountStatuses = ['active', 'inactive'] as const;
export type CardAccountStatus = (typeof cardAccountStatuses)[number];

export const transactionStatuses = ['authorization', 'regular', 'reversed'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

export const reportStatuses = ['generating', 'active', 'generation_failed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const userStatuses = ['created', 'active', 'blocked'] as const;
export type UserStatus = (typeof userStatuses)[number];
export const userStatusSchema = /* @__PURE__ */ z.enum(userStatuses);

/** onboarding -> pending_approval -> active | rejected | returned (-> pending_approval again when fixed). */
export const companyStatuses = ['onboarding', 'pending_approval', 'returned', 'active', 'rejected'] as const;
export type CompanyStatus = (typeof companyStatuses)[number];
export const companyStatusSchema = /* @__PURE__ */ z.enum(companyStatuses);
