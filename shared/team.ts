import * as z from 'zod/mini';
import { apiKeyIdListSchema } from './api-keys';
import { emailAddressSchema, personNameSchema } from './account';
import { companyRoleSchema, type CompanyRole } from './roles';
import { missingOrInvalid } from './validation';

/**
 * The people who work in the portal for a company (SPEC leaves how they join unshown; docs/decisions.md).
 * An invited member has an account but has not signed in yet.
 */
export const memberStatuses = ['invited', 'active'] as const;
export const memberStatusSchema = /* @__PURE__ */ z.enum(memberStatuses);
export type MemberStatus = (typeof memberStatuses)[number];

/** The roles an owner can give, highest first, as the invitation form and the role select offer them. */
export const assignableRoles: readonly CompanyRole[] = ['owner', 'manager', 'accountant'];

const roleField = /* @__PURE__ */ z.enum(['owner', 'manager', 'accountant'], { error: (issue) => (issue.input === undefined || issue.input === '' ? 'REQUIRED' : 'INVALID_VALUE') });

export const inviteMemberSchema = /* @__PURE__ */ z.object({
  email: emailAddressSchema,
  name: personNameSchema,
  surname: personNameSchema,
  role: roleField,
});
export type InviteMemberValues = z.input<typeof inviteMemberSchema>;

export const changeRoleSchema = /* @__PURE__ */ z.object({ role: roleField });
export const memberParamsSchema = /* @__PURE__ */ z.object({ userId: z.string({ error: missingOrInvalid }).check(z.minLength(1), z.maxLength(100)) });

export const teamMemberSchema = /* @__PURE__ */ z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  role: companyRoleSchema,
  status: memberStatusSchema,
  invitedAt: z.nullable(z.string()),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamAnswerSchema = /* @__PURE__ */ z.object({ members: z.array(teamMemberSchema) });
export const memberAnswerSchema = /* @__PURE__ */ z.object({ member: teamMemberSchema });

/**
 * A removal may revoke API keys the member made, in the same transaction (issue 30): the ids the owner was shown and
 * chose to revoke. Left out, no key is revoked.
 */
export const removeMemberQuerySchema = /* @__PURE__ */ z.object({ revokeApiKeyIds: z.optional(apiKeyIdListSchema) });
export type RemoveMemberQuery = z.input<typeof removeMemberQuerySchema>;
/** The query parameter's value: the ids as one comma-separated list. */
export const revokeApiKeyIdsParam = (keyIds: readonly string[]) => keyIds.join(',');

export const memberRemovedSchema = /* @__PURE__ */ z.object({ ok: z.literal(true), revokedApiKeyIds: z.array(z.string()) });
