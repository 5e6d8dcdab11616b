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
 * queue, the approve and reject dialogs, the decided list, Settings > Approvals and the dashboard's notice, each with
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
      await putItems(fixture, [{ ...keys.approvalRules(company.companyId), entity: entities.approvalRules, companyId: company.companyId, fundingAboveCents: 50_000, version: 1, updatedAt: new Date(now).toISOString() }]);
      // Twelve waiting requests (one of three users, the others of one) and two decided ones.
      const requests = Array.from({ length: 14 }, (_, index) => {
        const approvalId = randomUUID();
        const requestedAt = new Date(now - index * 3_600_000).toISOString();
        const expiresAt = new Date(now + 7 * 86_400_000 - index * 3_600_000).toISOString();
        const credits = (index === 0 ? employees : employees.slice(0, 1)).map((employee, at) => ({ employeeId: employee.employeeId, name: names[at % names.length] ?? employee.name, amountCents: 123_456_78 + index }));
        const decided = index >= 12;
        return {
          ...keys.approvalRequest(company.companyId, approvalId),
          ...(decided ? {} : keys.pendingApproval(expiresAt, company.companyId, approvalId)),
          entity: entities.approvalRequest,
          companyId: company.companyId,
          approvalId,
          kind: 'funding',
          status: decided ? (index === 12 ? 'rejected' : 'approved') : 'pending',
          requestedBy: { userId: requester.userId, name: requester.name, viaApiKey: false },
          requester,
          requestedAt,
          expiresAt,
          ruleVersion: 1,
          funding: { credits, totalCents: credits.reduce((sum, credit) => sum + credit.amountCents, 0) },
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
      await page.locator('.approvals-actions .button:not(.button--secondary)').first().click();
      await page.getByRole('dialog').waitFor();
      await shootWidths(page, outDir, `approvals-approve-${language}`);
      await page.keyboard.press('Escape');
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
