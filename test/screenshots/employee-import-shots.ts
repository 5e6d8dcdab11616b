import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { csvLine } from '../../shared/csv';
import { employeeImportColumns } from '../../shared/employee-imports';
import type { Language } from '../../shared/languages';
import { showLanguage } from '../e2e/support/screens';
import { shootWidths, withShotSession } from './shoot-widths';
import { createOwnCompany } from '../integration/company-fixtures';

/**
 * `node --import tsx test/screenshots/employee-import-shots.ts --out <folder>`: the Import users dialog (issue 34)
 * with long names, in lv and ru, at 375 and 1440 px: the preview with problems, the progress (the worker's answer held
 * at a point of its run) and the result, each with the layout problems found printed beside it. Starts its own local
 * cloud on the test ports of TEST_CLOUD_BASE.
 */
const { values } = parseArgs({ options: { out: { type: 'string', default: 'screenshots' } } });
const outDir = values.out;
const languages: Language[] = ['lv', 'ru'];

const longNames: Record<Language, [string, string][]> = {
  lv: [
    ['Anna-Marija Aleksandra Elizabete', 'Ķeņģe-Zvirbule-Vanaga-Bērziņa-Kalniņa'],
    ['Kristiāns Konstantīns Jēkabs', 'Pūpoliņš-Dzērvenieks-Ozoliņš-Āboliņš'],
  ],
  ru: [
    ['Александра-Екатерина Анастасия', 'Преображенская-Волконская-Голицына'],
    ['Константин Владимирович', 'Переяславцев-Новосильцев-Долгоруков'],
  ],
  en: [['Anna', 'Bērziņa']],
};

function fileOf(language: Language, prefix: string): string {
  const names = longNames[language];
  const rows = Array.from({ length: 30 }, (_, index) => {
    const [name, surname] = names[index % names.length] ?? ['Anna', 'Bērziņa'];
    return [name, `${surname}`.slice(0, 50), `040490-${String(10_000 + index).padStart(5, '0')}`, `${prefix}${String(index).padStart(6, '0')}`, `darbinieks.${index}@uznemums-ar-garu-nosaukumu.lv`, language, '', ''];
  });
  rows[2] = [rows[2]?.[0] ?? '', rows[2]?.[1] ?? '', '12345', '+37', 'nav-epasts', 'de', '-5', '1.234'];
  rows[5] = [rows[5]?.[0] ?? '', rows[5]?.[1] ?? '', rows[0]?.[2] ?? '', rows[0]?.[3] ?? '', '', '', '', ''];
  rows[7] = [rows[7]?.[0] ?? '', rows[7]?.[1] ?? '', `040490-${String(20_000).padStart(5, '0')}`, '', '', '', '', ''];
  return [Object.values(employeeImportColumns), ...rows].map((cells) => csvLine(cells)).join('');
}


async function main(): Promise<void> {
  await withShotSession(outDir, async ({ fixture, signedIn }) => {
    for (const [index, language] of languages.entries()) {
      const company = await createOwnCompany(fixture, { role: 'manager' });
      const { page, context } = await signedIn(company.email);
      await page.goto('/users');
      await page.locator('.users-actions').waitFor();
      await showLanguage(page, language);
      const texts = JSON.parse(readFileSync(join('frontend/src/locales', language, 'users.json'), 'utf8')) as { import: { open: string } };
      await page.getByRole('button', { name: texts.import.open }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type=file]').setInputFiles({ name: 'darbinieki.csv', mimeType: 'text/csv', buffer: Buffer.from(fileOf(language, `37121${index}${String(Date.now() % 1000).padStart(3, '0')}`)) });
      await dialog.locator('button[type=submit]').click();
      await dialog.locator('dl.users-details').waitFor();
      await shootWidths(page, outDir, `import-preview-${language}`);
      // The end of the preview: the rows' pages and the main action.
      await dialog.locator('.pagination').waitFor();
      await shootWidths(page, outDir, `import-preview-end-${language}`, true);

      // The worker's progress, held at a point of its run: the dialog's polls are answered as the run would be then.
      let holding = true;
      await page.route('**/employee-imports/*', async (route) => {
        if (route.request().method() !== 'GET' || !holding) return route.continue();
        const response = await route.fetch();
        const body = (await response.json()) as { status: string; progress: { doneRows: number; totalRows: number }; result: unknown };
        // The page may have moved on meanwhile: a route it no longer waits for is left alone.
        await route.fulfill({ response, json: { ...body, status: 'applying', progress: { doneRows: Math.floor(body.progress.totalRows / 2), totalRows: body.progress.totalRows, createdRows: Math.floor(body.progress.totalRows / 2), refusedRows: 0 }, result: null } }).catch(() => undefined);
      });
      await dialog.locator('input[type=checkbox]').check();
      await dialog.locator('.dialog__actions .button:not(.button--secondary)').click();
      const confirm = page.getByRole('dialog').last();
      await shootWidths(page, outDir, `import-confirm-${language}`);
      await confirm.locator('.dialog__actions .button:not(.button--secondary)').click();
      await page.locator('progress').waitFor();
      await page.waitForTimeout(1500);
      await shootWidths(page, outDir, `import-progress-${language}`);
      holding = false;
      await page.locator('.funding-rows').last().waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => !document.querySelector('progress'));
      await shootWidths(page, outDir, `import-result-${language}`);
      await context.close();
    }
  });
}

await main();
