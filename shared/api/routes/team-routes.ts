import { apiKeyListSchema } from '../../api-keys';
import { changeRoleSchema, inviteMemberSchema, memberAnswerSchema, memberParamsSchema, memberRemovedSchema, removeMemberQuerySchema, teamAnswerSchema } from '../../team';
import type { RouteDefinition } from '../route-definition';
import { okAnswerSchema } from '../schemas';

/** Settings > Team: every member sees the current company's team; only owners change it (DESIGN section 6). */
export const listTeam = { method: 'GET', path: '/team', handler: 'users/list-team', access: { kind: 'member', minRole: 'accountant' }, answer: teamAnswerSchema } as const satisfies RouteDefinition;

export const inviteMember = {
  method: 'POST',
  path: '/team/members',
  handler: 'users/invite-member',
  access: { kind: 'member', minRole: 'owner' },
  body: inviteMemberSchema,
  answer: memberAnswerSchema,
} as const satisfies RouteDefinition;

export const changeMemberRole = {
  method: 'PATCH',
  path: '/team/members/{userId}',
  handler: 'users/change-member-role',
  access: { kind: 'member', minRole: 'owner' },
  params: memberParamsSchema,
  body: changeRoleSchema,
  answer: memberAnswerSchema,
} as const satisfies RouteDefinition;

/** Removes the member and revokes the keys of theirs that `revokeApiKeyIds` names, all or nothing (issue 30). */
export const removeMember = {
  method: 'DELETE',
  path: '/team/members/{userId}',
  handler: 'users/remove-member',
  access: { kind: 'member', minRole: 'owner' },
  params: memberParamsSchema,
  query: removeMemberQuerySchema,
  answer: memberRemovedSchema,
} as const satisfies RouteDefinition;

/** The member's live API keys, newest first, which the removal dialog offers to revoke with them (issue 30). */
export const listMemberApiKeys = {
  method: 'GET',
  path: '/team/members/{userId}/api-keys',
  handler: 'users/list-member-api-keys',
  access: { kind: 'member', minRole: 'owner' },
  params: memberParamsSchema,
  answer: apiKeyListSchema,
} as const satisfies RouteDefinition;

export const resendInvitation = {
  method: 'POST',
  path: '/team/members/{userId}/invitation',
  handler: 'users/resend-invitation',
  access: { kind: 'member', minRole: 'owner' },
  params: memberParamsSchema,
  answer: okAnswerSchema,
} as const satisfies RouteDefinition;
