import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import type { Language } from '../../shared/languages';
import { entities, keys } from '../../functions/platform/keys';
import { showLanguage } from '../e2e/support/screens';
import { shootWidths, withShotSession } from './shoot-widths';
import { createOwnCompany, joinCompany, putItems } from '../integration/company-fixtures';
import { putEmployees } from '../integration/funding-fixtures';

/**
 * `node --import tsx test/screenshots/approval-shots.ts --out <folder>`: dual approval (issue 35) as an owner sees it,
 * with long Latvian and Russian names and a dozen requests (two pages), in lv and ru at 375 and 1440 px: the waiting
 * queue (one request made under rules changed since), the approve and reject dialogs, the decided list, Settings > Approvals and the dashboard's notice, each with
 * the layout problems found printed beside it. Starts its own local cloud on the test ports of TEST_CLOUD_BASE.
 */
const { values } = parseArgs({ options: { out: { type: 'string', default: 'screenshots' } } });
const outDir = values.out;
const languages: Language[] = ['lv', 'ru'];

const longNames: Record<Language, string[]> = {
  lv: ['Anna-Marija Aleksandra Elizabete Ķeņģe-Zvirbule-Vanaga', 'Kristiāns Konstantīns Jēkabs Pūpoliņš-Dzērvenieks'],
  ru: ['Александра-Екатерина Анастасия Преображенская-Волконская', 'Константин Владимирович Переяславцев-Новосильцев'],
  en: ['Anna Bērziņa'],
};


type Credit = { employeeId: string; name: string; amountCents: number };

/** What the request at `index` asks: the first few of each kind, with the longest texts; the rest fund one user. */
function subjectOf(index: number, language: Language, credits: Credit[], employeeId: string) {
  const totalCents = credits.reduce((sum, credit) => sum + credit.amountCents, 0);
  const funding = { credits, employeeCount: credits.length, totalCents };
  const none = { file: null, schedule: null, userChange: null };
  const name = longNames[language][0] ?? '';
  const ruleName = language === 'lv' ? 'Ikmēneša prēmija visiem aktīvajiem darbiniekiem par darba drošības ievērošanu' : 'Ежемесячная компенсация расходов на питание для сотрудников круглосуточных смен';
  const limits = { limitCents: 50_000, annualLimitCents: 600_000, mccGroups: ['groceries', 'restaurants'] };
  switch (index) {
    case 1:
      return { kind: 'fundingFile', funding: { ...funding, employeeCount: 340, totalCents: totalCents * 100 }, ...none, file: { fileId: randomUUID(), fileName: language === 'lv' ? 'decembra-premijas-visiem-darbiniekiem-un-filialem-2026.csv' : 'декабрьские-премии-всем-сотрудникам-и-филиалам-2026.csv', scheduleName: null, runDate: null } };
    case 2:
      return { kind: 'fundingFile', funding, ...none, file: { fileId: randomUUID(), fileName: `${ruleName} 01.12.2026`, scheduleName: ruleName, runDate: '2026-12-01' } };
    case 3:
      return { kind: 'fundingSchedule', funding, ...none, schedule: { scheduleId: randomUUID(), name: ruleName, cadence: { kind: 'monthly', dayOfMonth: 1 }, updatedAt: new Date().toISOString() } };
    case 4:
      return { kind: 'addUser', funding: null, ...none, userChange: { employeeId: randomUUID(), name, newUser: { name: name.split(' ')[0] ?? name, surname: name.split(' ').slice(1).join(' '), phone: '37129123456', email: 'anna.marija.kenge-zvirbule@example.lv', personalCode: '010190-12345' }, phone: null, limits: null } };
    case 5:
      return { kind: 'changePhone', funding: null, ...none, userChange: { employeeId, name, newUser: null, phone: { from: '37129123456', to: '37129654321' }, limits: null } };
    case 6:
      return { kind: 'raiseLimit', funding: null, ...none, userChange: { employeeId, name, newUser: null, phone: null, limits: { from: limits, to: { limitCents: 150_000, annualLimitCents: 1_800_000, mccGroups: ['groceries', 'restaurants', 'fuel', 'transport', 'leisure', 'health'] } } } };
    default:
      return { kind: 'funding', funding, ...none };
  }
}

async function main(): Promise<void> {
  await withShotSession(outDir, async ({ fixture, signedIn }) => {
    for (const language of languages) {
      const company = await createOwnCompany(fixture, { role: 'owner', availableCents: 10_000_000 });
      const manager = await createOwnCompany(fixture);
      await joinCompany(fixture, manager.userId, company.companyId, 'manager');
      const employees = await putEmployees(fixture, company.companyId, 3, 'active', `shot${language}`);
      const names = longNames[language];
      const requester = { kind: 'company_user', userId: manager.userId, name: `${names[1] ?? ''}`, role: 'manager' } as const;
      const now = Date.now();
      const rules = { fundingAboveCents: 50_000, fundingPerDayCents: 2_500_000, userChanges: { addUser: true, changePhone: true, raiseLimit: true }, expiryDays: 14, version: 1, updatedAt: new Date(now).toISOString() };
      await putItems(fixture, [{ ...keys.approvalRules(company.companyId), entity: entities.approvalRules, companyId: company.companyId, ...rules }]);
      // Twelve waiting requests (one of three users, a long file, a scheduled run, a rule, three changes of users, the
      // others of one user) and two decided ones.
      const requests = Array.from({ length: 14 }, (_, index) => {
        const approvalId = randomUUID();
        const requestedAt = new Date(now - index * 3_600_000).toISOString();
        const expiresAt = new Date(now + 7 * 86_400_000 - index * 3_600_000).toISOString();
        const credits = (index <= 3 ? employees : employees.slice(0, 1)).map((employee, at) => ({ employeeId: employee.employeeId, name: names[at % names.length] ?? employee.name, amountCents: 123_456_78 + index }));
        const decided = index >= 12;
        const subject = subjectOf(index, language, credits, employees[0]?.employeeId ?? '');
        return {
          ...keys.approvalRequest(company.companyId, approvalId),
          ...(decided ? {} : keys.pendingApproval(expiresAt, company.companyId, approvalId)),
          entity: entities.approvalRequest,
          companyId: company.companyId,
          approvalId,
          kind: subject.kind,
          status: decided ? (index === 12 ? 'rejected' : 'approved') : 'pending',
          requestedBy: { userId: requester.userId, name: requester.name, viaApiKey: false },
          requester,
          requestedAt,
          expiresAt,
          // The eighth was asked under rules the owner changed since: it can only be rejected.
          ruleVersion: index === 7 ? 0 : 1,
          funding: subject.funding,
          file: subject.file,
          schedule: subject.schedule,
          userChange: subject.userChange,
          decidedBy: decided ? { userId: company.userId, name: names[0] ?? '', viaApiKey: false } : null,
          decidedAt: decided ? new Date(now).toISOString() : null,
          comment: decided ? (language === 'lv' ? 'Šomēnes prēmiju budžets jau ir izlietots; lūdzu, iesniedziet nākamajā mēnesī.' : 'В этом месяце бюджет премий уже израсходован; пожалуйста, подайте в следующем месяце.') : null,
          movementId: index === 13 ? randomUUID() : null,
        };
      });
      await putItems(fixture, requests);

      const { page, context } = await signedIn(company.email);
      await showLanguage(page, language);
      await page.locator('.dashboard-notice').first().waitFor();
      await shootWidths(page, outDir, `approvals-dashboard-${language}`);
      await page.goto('/approvals');
      await page.locator('table tbody tr').first().waitFor();
      await showLanguage(page, language);
      await page.locator('table tbody tr').first().waitFor();
      await shootWidths(page, outDir, `approvals-waiting-${language}`);
      // The approve dialog of each kind: several users, a long file, a scheduled run, a rule, and the three changes.
      for (const [row, kind] of ['funding', 'file', 'run', 'schedule', 'addUser', 'changePhone', 'raiseLimit'].entries()) {
        await page.locator('.approvals-actions .button:not(.button--secondary)').nth(row).click();
        await page.getByRole('dialog').waitFor();
        await shootWidths(page, outDir, `approvals-approve-${kind}-${language}`);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
      }
      await page.locator('.approvals-actions .button--secondary').first().click();
      await page.getByRole('dialog').waitFor();
      await shootWidths(page, outDir, `approvals-reject-${language}`);
      await page.keyboard.press('Escape');
      await page.goto('/approvals?state=decided');
      await page.locator('table tbody tr').first().waitFor();
      await showLanguage(page, language);
      await page.locator('table tbody tr').first().waitFor();
      await shootWidths(page, outDir, `approvals-decided-${language}`);
      await page.goto('/settings');
      await page.locator('.settings-sections').waitFor();
      await showLanguage(page, language);
      await shootWidths(page, outDir, `approvals-settings-${language}`);
      await context.close();
    }
  });
}

await main();
