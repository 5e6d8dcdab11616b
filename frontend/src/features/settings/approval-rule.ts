import * as z from 'zod/mini';
import { eurTextSchema } from '@shared/employees';
import { hasRole } from '@shared/roles';
import type { TeamMember } from '@shared/team';
import { zodValidate } from '@frontend/lib/form-validation';

export type RuleValues = { amount: string };

/** The amount in euros as Add funds reads one; an empty field turns approval off (null). */
export const ruleFormSchema = /* @__PURE__ */ z.object({
  amount: z.pipe(z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)), z.nullable(eurTextSchema('AMOUNT_REQUIRED'))),
});
export const validateRule = zodValidate<RuleValues>(ruleFormSchema);

/** 500.00 for 50000 cents: the field shows the saved amount as it would be typed; '' when approval is off. */
export const centsText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

/**
 * Who can decide a request: the active owners and managers. Nobody decides their own, so with fewer than two every
 * funding above the amount that the only one asks for would wait until it expires.
 */
export function decidersOf(members: readonly Pick<TeamMember, 'role' | 'status'>[]): number {
  return members.filter((member) => member.status === 'active' && hasRole(member.role, 'manager')).length;
}
