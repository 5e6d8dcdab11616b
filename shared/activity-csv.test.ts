import { describe, expect, it } from 'vitest';
import { activityActions, activityActors, activityFieldKind, activityFields, activityTargets, activityTypes, activityValueText, employeeHistoryActions, type ActivityField, type ActivityRow } from './activity';
import { apiScopes } from './api-keys';
import { merchantCategoryGroupNames, replacementReasons } from './cards';
import { scheduleStates } from './funding-schedules';
import { signupSteps } from './kyc';
import { reportTypes } from './reports';
import { companyRoles } from './roles';
import { cardAccountStatuses, cardStatuses, deviceStatuses, employeeStatuses } from './statuses';
import { matchedBySchema } from './top-ups';
import { webhookEndpointStatuses } from './webhooks';
import {
  activityActionTexts,
  activityActorTexts,
  activityCsvHeader,
  activityCsvHeaders,
  activityCsvRow,
  activityCsvValueTexts,
  activityFieldTexts,
  activityTargetTexts,
  activityTypeTexts,
  activityValueTexts,
  cardAccountStatusTexts,
  deviceStatusTexts,
  merchantGroupTexts,
  unknownActionTexts,
} from './activity-csv';
import { languages } from './languages';

/** Dotted key -> text, as i18next reads nested keys. */
function flat(node: unknown, prefix = ''): Record<string, string> {
  if (typeof node === 'string') return { [prefix]: node };
  return Object.assign({}, ...Object.entries(node as Record<string, unknown>).map(([key, value]) => flat(value, prefix ? `${prefix}.${key}` : key))) as Record<string, string>;
}

describe('activity CSV texts', () => {
  it.each(languages)('say what the %s screen says', async (lang) => {
    const screen = (await import(`../frontend/src/locales/${lang}/activity.json`)) as Record<string, unknown>;
    const users = (await import(`../frontend/src/locales/${lang}/users.json`)) as { deviceStatus: object; cardAccountStatus: object };
    const common = (await import(`../frontend/src/locales/${lang}/common.json`)) as { merchantGroups: object };
    expect(flat(screen.actions)).toEqual(activityActionTexts[lang]);
    expect(screen.types).toEqual(activityTypeTexts[lang]);
    expect(screen.actors).toEqual(activityActorTexts[lang]);
    expect(screen.targets).toEqual(activityTargetTexts[lang]);
    expect(screen.fields).toEqual(activityFieldTexts[lang]);
    expect(screen.unknownAction).toBe(`${unknownActionTexts[lang]} ({{code}})`);
    const { type: _type, ...shownColumns } = activityCsvHeaders[lang];
    expect(screen.columns).toEqual(shownColumns);
    expect(users.deviceStatus).toEqual(deviceStatusTexts[lang]);
    expect(users.cardAccountStatus).toEqual(cardAccountStatusTexts[lang]);
    expect(common.merchantGroups).toEqual(merchantGroupTexts[lang]);
    expect(screen.values).toEqual(activityValueTexts[lang]);
  });

  it.each(languages)("name in %s every action the user page's history shows, as the activity log does", async (lang) => {
    const screen = (await import(`../frontend/src/locales/${lang}/activity.json`)) as { actions: object };
    const users = (await import(`../frontend/src/locales/${lang}/users.json`)) as { history: { actions: object } };
    const history = flat(users.history.actions);
    for (const action of employeeHistoryActions) expect(history[action], action).toBe(flat(screen.actions)[action]);
  });

  it.each(languages)('name roles, onboarding steps, report types and webhook states in %s as their own screens do', async (lang) => {
    const common = (await import(`../frontend/src/locales/${lang}/common.json`)) as { roles: object };
    const signup = (await import(`../frontend/src/locales/${lang}/signup.json`)) as { steps: object };
    const reporting = (await import(`../frontend/src/locales/${lang}/reporting.json`)) as { types: object };
    const integrations = (await import(`../frontend/src/locales/${lang}/integrations.json`)) as { webhooks: { enabled: string; disabled: string }; scopes: Record<string, { short: string }> };
    const schedules = (await import(`../frontend/src/locales/${lang}/schedules.json`)) as { state: object };
    const users = (await import(`../frontend/src/locales/${lang}/users.json`)) as { replace: { reasons: object } };
    const { matchedBy: _matchedBy, ...fromOtherScreens } = activityValueTexts[lang];
    expect(fromOtherScreens).toEqual({
      memberRole: common.roles,
      onboardingStep: signup.steps,
      reportType: reporting.types,
      webhookStatus: { enabled: integrations.webhooks.enabled, disabled: integrations.webhooks.disabled },
      scheduleState: schedules.state,
      replacementReason: users.replace.reasons,
      apiScope: Object.fromEntries(Object.entries(integrations.scopes).map(([scope, texts]) => [scope, texts.short])),
    });
  });

  it.each(languages)('name every action, type, actor and field in %s', (lang) => {
    for (const action of activityActions) expect(activityActionTexts[lang][action], action).toBeTruthy();
    for (const type of activityTypes) expect(activityTypeTexts[lang][type], type).toBeTruthy();
    for (const actor of activityActors) expect(activityActorTexts[lang][actor], actor).toBeTruthy();
    for (const field of activityFields) expect(activityFieldTexts[lang][field], field).toBeTruthy();
    for (const target of activityTargets) expect(activityTargetTexts[lang][target], target).toBeTruthy();
  });
});

/**
 * Every field an audit record writes whose value is a code (a status, a role, a reason, a scope): its codes, each of
 * which the log names by a label, never by the code itself.
 */
const codedFields: readonly (readonly [ActivityField, readonly string[]])[] = [
  ['cardStatus', cardStatuses],
  ['deviceStatus', deviceStatuses],
  ['cardAccountStatus', cardAccountStatuses],
  ['status', employeeStatuses],
  ['role', companyRoles],
  ['step', signupSteps],
  ['reportType', reportTypes],
  ['webhookStatus', webhookEndpointStatuses],
  ['state', scheduleStates],
  ['reason', replacementReasons],
  ['matchedBy', matchedBySchema.options],
  ['scopes', apiScopes],
  ['mccGroups', merchantCategoryGroupNames.map((group) => JSON.stringify([group]))],
  ['country', ['LV', 'EE', 'LT', 'DE']],
];

describe('the values of a change', () => {
  it.each(languages)('name every code of a status, role or other coded field by its label in %s, never by the code', (lang) => {
    const texts = activityCsvValueTexts(lang);
    for (const [field, codes] of codedFields) {
      expect(activityFieldKind(field), field).not.toBe('text');
      for (const code of codes) {
        const shown = activityValueText(activityFieldKind(field), code, texts);
        expect(shown, `${field}: ${code}`).toBeTruthy();
        expect(shown, `${field}: ${code}`).not.toBe(code);
        expect(shown, `${field}: ${code}`).not.toContain('_');
      }
    }
  });

  it.each(languages)('name every field an audit record may show in %s, on the screen and in the file alike', async (lang) => {
    const screen = (await import(`../frontend/src/locales/${lang}/activity.json`)) as { fields: Record<string, string> };
    for (const field of activityFields) {
      expect(activityCsvValueTexts(lang).field(field), field).not.toBe(field);
      expect(screen.fields[field], field).toBe(activityFieldTexts[lang][field]);
    }
  });

  it('shows a rejected application\'s reason as the provider wrote it, and the scopes of a key by their names', () => {
    expect(activityCsvRow({ ...baseRow, action: 'application.reject', type: 'company', before: {}, after: { reason: 'The register extract is unreadable' } }, 'en')[5]).toBe('Reason: The register extract is unreadable');
    expect(activityCsvRow({ ...baseRow, action: 'apiKey.create', type: 'integrations', before: {}, after: { name: 'Payroll', scopes: 'employees:read money:write' } }, 'lv')[5]).toBe('Vārds: Payroll; Tiesības: Lasīt darbiniekus un darījumus, Pārskaitīt naudu');
  });
});

const baseRow: ActivityRow = {
  id: 'a-0',
  at: '2026-03-05T10:15:00.000Z',
  action: 'card.replace',
  type: 'cards',
  actor: { kind: 'admin', name: 'Pēteris Kalniņš', role: 'provider_admin' },
  employee: null,
  before: {},
  after: {},
};

describe('an activity CSV row', () => {
  const row: ActivityRow = {
    id: 'a-1',
    at: '2026-03-05T10:15:00.000Z',
    action: 'limits.change',
    type: 'employees',
    actor: { kind: 'company_user', name: 'Anna Ozola', role: 'manager' },
    employee: { employeeId: 'e-1', name: 'Jānis Bērziņš' },
    before: { limitCents: 100_000, mccGroups: '["fuel"]' },
    after: { limitCents: 150_000, mccGroups: '["fuel","groceries"]' },
  };

  it('says when, who, what, of which type, whom it concerns and the change, in the file language', () => {
    expect(activityCsvHeader('en')).toEqual(['When', 'Who', 'Action', 'Type', 'Concerns', 'Change']);
    expect(activityCsvRow(row, 'en')).toEqual([
      '05.03.2026 12:15',
      'Anna Ozola (company user)',
      'Limits changed',
      'User details',
      'Jānis Bērziņš',
      'Monthly limit: €1,000.00 → €1,500.00; Merchant groups: Fuel → Fuel, Groceries',
    ]);
    expect(activityCsvRow(row, 'lv')[4]).toBe('Jānis Bērziņš');
    expect(activityCsvRow(row, 'lv')[2]).toBe('Limiti mainīti');
  });

  it('names the system, an API key by its name and an action written after this list by its code', () => {
    const keyRow: ActivityRow = { ...row, action: 'apiKey.create', type: 'integrations', actor: { kind: 'system', name: null, role: null }, employee: null, before: {}, after: { keyId: 'k-1', name: 'Payroll', scopes: 'employees:read' } };
    const cells = activityCsvRow(keyRow, 'en');
    expect(cells.slice(1, 6)).toEqual(['System', 'API key created', 'API keys and webhooks', 'API key ‘Payroll’', 'Name: Payroll; Scopes: Read employees and transactions']);
    expect(activityCsvRow({ ...keyRow, action: 'team.promote', type: 'other' }, 'en')[2]).toBe('Other action (team.promote)');
    expect(activityCsvRow({ ...row, actor: { kind: 'api_key', name: "API key 'Payroll'", role: null } }, 'en')[1]).toBe("API key 'Payroll'");
  });

  it('names the provider\'s admin as the card provider, never by a name, in every language', () => {
    expect(activityCsvRow(baseRow, 'en')[1]).toBe('Card provider');
    expect(activityCsvRow(baseRow, 'lv')[1]).toBe('Karšu nodrošinātājs');
    expect(activityCsvRow(baseRow, 'ru')[1]).toBe('Поставщик карт');
    const prices = activityCsvRow({ ...baseRow, action: 'prices.change', type: 'account', before: { replacementFeeCents: 1_000, monthlyFeeCents: 150 }, after: { replacementFeeCents: 1_200, monthlyFeeCents: 150 } }, 'en');
    expect(prices.slice(1, 6)).toEqual(['Card provider', 'Price list changed', 'Main account and fees', 'Main account', 'Replacement fee: €10.00 → €12.00']);
  });

  it('names a role, a report type and a webhook endpoint by their texts, and what the row concerns by the action', () => {
    const base: ActivityRow = { ...row, employee: null, actor: { kind: 'company_user', name: 'Anna Ozola', role: 'owner' } };
    const role = activityCsvRow({ ...base, action: 'team.role_change', type: 'team', before: { userId: 'u-1', name: 'Jānis Bērziņš', role: 'accountant' }, after: { userId: 'u-1', name: 'Jānis Bērziņš', role: 'manager' } }, 'lv');
    expect(role.slice(2, 6)).toEqual(['Komandas dalībnieka loma mainīta', 'Komanda', 'Komandas dalībnieks ‘Jānis Bērziņš’', 'Loma: Grāmatvedis → Vadītājs']);
    const report = activityCsvRow({ ...base, action: 'report.request', type: 'reports', before: {}, after: { reportId: 'r-1', reportType: 'card_statuses', dateFrom: '2026-01-01', dateTo: '2026-01-31' } }, 'en');
    expect(report.slice(4, 6)).toEqual(['Report', 'Report: Card statuses; From: 01.01.2026; To: 31.01.2026']);
    const webhook = activityCsvRow({ ...base, action: 'webhook.update', type: 'integrations', before: { url: 'https://erp.example/hooks', webhookStatus: 'enabled' }, after: { url: 'https://erp.example/hooks', webhookStatus: 'disabled' } }, 'ru');
    expect(webhook.slice(4, 6)).toEqual(['Адрес вебхука ‘https://erp.example/hooks’', 'Статус: Включён → Отключён']);
  });
});
