/**
 * The activity log's types of action (issue 21). An action's type groups its codes for the filter; the type is part of
 * the record's place in the activity index, so a filter by type (and by who acted) reads only the records it shows
 * (docs/access-patterns.md). Apart from the rest of shared/activity.ts because every audited write needs its type
 * (platform/audit.ts), and most handlers write one: this is all such a handler loads of the log.
 */
export const activityTypes = ['cards', 'app_access', 'employees', 'funding', 'account', 'card_payments', 'integrations', 'team', 'sign_ins', 'company', 'support', 'reports', 'other'] as const;
export type ActivityType = (typeof activityTypes)[number];

/**
 * Action codes by their first part: a code added later falls under its prefix's type without a change here, and one
 * with a prefix no one knows under `other` (it is listed, never lost).
 */
const typeByPrefix: readonly (readonly [string, ActivityType])[] = [
  ['card.', 'cards'],
  ['issuer.card.', 'cards'],
  ['device.', 'app_access'],
  ['employee.', 'employees'],
  ['phone.', 'employees'],
  ['limits.', 'employees'],
  ['funds.', 'funding'],
  ['fundingSchedule.', 'funding'],
  ['approval.', 'funding'],
  ['main_account.', 'account'],
  ['fee.', 'account'],
  ['invoice.', 'account'],
  ['lowBalance.', 'account'],
  ['authorization.', 'card_payments'],
  ['apiKey.', 'integrations'],
  ['webhook.', 'integrations'],
  ['fundingFile.', 'funding'],
  ['prices.', 'account'],
  ['team.', 'team'],
  ['user.', 'sign_ins'],
  ['company.', 'company'],
  ['application.', 'company'],
  ['document.', 'company'],
  ['chat.', 'support'],
  ['report.', 'reports'],
  ['export.', 'reports'],
];

export function activityTypeOf(action: string): ActivityType {
  return typeByPrefix.find(([prefix]) => action.startsWith(prefix))?.[1] ?? 'other';
}

/**
 * The name of who acted as a company is given it: the provider's admin acts for the card provider, so the record keeps
 * who it was (for the provider) and the company is shown none.
 */
export function actorNameShownToCompany(actor: { kind: string; name: string | null }): string | null {
  return actor.kind === 'admin' ? null : actor.name;
}
