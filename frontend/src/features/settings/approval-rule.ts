import * as z from 'zod/mini';
import { approvalRulesSchema, defaultApprovalExpiryDays, type ApprovalRules, type ApprovalRulesBody } from '@shared/approvals';
import { eurTextSchema } from '@shared/employees';
import { hasRole } from '@shared/roles';
import type { TeamMember } from '@shared/team';
import { zodValidate } from '@frontend/lib/form-validation';

export type RuleValues = { amount: string; perDay: string; expiryDays: string; addUser: boolean; changePhone: boolean; raiseLimit: boolean };

/** An amount in euros as Add funds reads one; an empty field turns it off (null). */
const optionalAmount = () => z.pipe(z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)), z.nullable(eurTextSchema('AMOUNT_REQUIRED')));
const expiryDaysText = /* @__PURE__ */ z.pipe(
  z.string().check(z.trim(), z.regex(/^\d{1,2}$/, { error: 'EXPIRY_DAYS_INVALID' })),
  z.pipe(z.transform((text: string) => Number(text)), approvalRulesSchema.shape.expiryDays.check(z.gte(1, { error: 'EXPIRY_DAYS_INVALID' }), z.lte(30, { error: 'EXPIRY_DAYS_INVALID' }))),
);

/** The owner's form: the amounts (empty: off), the changes of users that wait, and the days a request waits. */
export const ruleFormSchema = /* @__PURE__ */ z.object({
  amount: optionalAmount(),
  perDay: z._default(optionalAmount(), null),
  expiryDays: z._default(expiryDaysText, defaultApprovalExpiryDays),
  addUser: z._default(z.boolean(), false),
  changePhone: z._default(z.boolean(), false),
  raiseLimit: z._default(z.boolean(), false),
});
export const validateRule = zodValidate<Partial<RuleValues>>(ruleFormSchema);

/** The form's values as the rules' body. */
export function rulesBodyOf(values: RuleValues): ApprovalRulesBody {
  const parsed = ruleFormSchema.parse(values);
  return { fundingAboveCents: parsed.amount, fundingPerDayCents: parsed.perDay, expiryDays: parsed.expiryDays, userChanges: { addUser: parsed.addUser, changePhone: parsed.changePhone, raiseLimit: parsed.raiseLimit } };
}

/** The saved rules as the form shows them. */
export function ruleValuesOf(rules: ApprovalRules): RuleValues {
  return { amount: centsText(rules.fundingAboveCents), perDay: centsText(rules.fundingPerDayCents), expiryDays: String(rules.expiryDays), ...rules.userChanges };
}

/** 500.00 for 50000 cents: the field shows the saved amount as it would be typed; '' when approval is off. */
export const centsText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

/**
 * Who can decide a request: the active owners and managers. Nobody decides their own, so with fewer than two every
 * funding above the amount that the only one asks for would wait until it expires.
 */
export function decidersOf(members: readonly Pick<TeamMember, 'role' | 'status'>[]): number {
  return members.filter((member) => member.status === 'active' && hasRole(member.role, 'manager')).length;
}
