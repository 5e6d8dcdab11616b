import * as z from 'zod/mini';
import { availableFeaturesSchema } from '@shared/api/schemas';
import { addressSchema } from '@shared/company';
import { kycStatusSchema } from '@shared/kyc';
import { languageSchema } from '@shared/languages';
import { companyRoleSchema } from '@shared/roles';
import { companyStatusSchema, userStatusSchema } from '@shared/statuses';
import { memberStatusSchema } from '@shared/team';
import { entities, keys } from './keys';

// Items are read through these so a malformed row fails loudly here, not deep in a use case.
export const userProfileRecord = /* @__PURE__ */ z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  phone: z.optional(z.nullable(z.string())),
  status: userStatusSchema,
  language: languageSchema,
  currentCompanyId: z.nullable(z.string()),
  tokensValidAfter: z._default(z.int().check(z.nonnegative()), 0),
  /** The `auth_time` (seconds) of the newest sign-in recorded in the audit trail (users/sign-ins.ts). */
  lastSignInAt: z.optional(z.int()),
});
export type UserProfileRecord = z.infer<typeof userProfileRecord>;

/** A user profile as the table holds it: its own key, the e-mail lookup (gsi1) and the record. */
export function userProfileItem(profile: UserProfileRecord) {
  return { ...keys.userProfile(profile.userId), ...keys.userByEmail(profile.email), entity: entities.userProfile, ...profile };
}

export const membershipRecord = /* @__PURE__ */ z.object({
  userId: z.string(),
  companyId: z.string(),
  membershipId: z.string(),
  role: companyRoleSchema,
  /** Invited: the person has not signed in since the invitation; their first profile load makes it active. */
  status: z._default(memberStatusSchema, 'active'),
  invitedAt: z._default(z.nullable(z.string()), null),
});
export type MembershipRecord = z.infer<typeof membershipRecord>;

export const companyRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  name: z.string(),
  registrationNumber: z.string(),
  status: companyStatusSchema,
  kycStatus: kycStatusSchema,
  provider: z.string(),
  topUpAccountIBAN: z.nullable(z.string()),
  availableFeatures: availableFeaturesSchema,
  /** From the company register at sign-up; onboarding shows them. */
  legalAddress: z._default(z.nullable(addressSchema), null),
  registeredOn: z._default(z.nullable(z.string()), null),
  /** Kept with every role change in the same transaction, so the last owner can never be removed or demoted. */
  ownerCount: z.int().check(z.nonnegative()),
});
export type CompanyRecord = z.infer<typeof companyRecord>;
