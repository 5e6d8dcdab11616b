import { changeRoleSchema, inviteMemberSchema, memberAnswerSchema, memberParamsSchema, teamAnswerSchema } from '../../team';
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

export const removeMember = {
  method: 'DELETE',
  path: '/team/members/{userId}',
  handler: 'users/remove-member',
  access: { kind: 'member', minRole: 'owner' },
  params: memberParamsSchema,
  answer: okAnswerSchema,
} as const satisfies RouteDefinition;

export const resendInvitation = {
  method: 'POST',
  path: '/team/members/{userId}/invitation',
  handler: 'users/resend-invitation',
  access: { kind: 'member', minRole: 'owner' },
  params: memberParamsSchema,
  answer: okAnswerSchema,
} as const satisfies RouteDefinition;
