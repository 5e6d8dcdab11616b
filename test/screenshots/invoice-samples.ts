import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { invoiceLine, invoiceTotals, type InvoiceKind } from '../../shared/invoices';
import { languages } from '../../shared/language-list';
import { renderInvoicePdf } from '../../functions/invoices/invoice-pdf';
import { invoiceRecord } from '../../functions/invoices/invoice-records';
import { countryNameIn } from '../../functions/invoices/invoice-texts';
import { exampleDeployConfig, vatRateBasisPointsOf } from '../../infra/deploy-config';
import { projectRoot } from '../../infra/local/settings';

/**
 * `node --import tsx test/screenshots/invoice-samples.ts [--out folder]`: an invoice and an exempt credit note in each
 * language, with a long Latvian company name and address, as PDFs to look at (issue 34: `pdftoppm -png -r 80` turns
 * them into pictures). The provider is the example deploy configuration's; no cloud is needed.
 */
const { values } = parseArgs({ options: { out: { type: 'string', default: 'test-results/invoice-samples' } } });
const out = join(projectRoot, values.out);
mkdirSync(out, { recursive: true });

const { invoicing } = exampleDeployConfig();
const lines = [invoiceLine('monthly_fee', 50, 150), invoiceLine('replacement_fee', 2, 500), invoiceLine('replacement_fee', 1, 700)];
const exemption = {
  lv: 'Atbrīvots no PVN saskaņā ar PVN likuma 52. panta pirmās daļas 28. punktu (finanšu pakalpojumi).',
  en: 'Exempt from VAT under Section 52(1)(28) of the Latvian VAT Law (financial services).',
  ru: 'Освобождено от НДС согласно пункту 28 части первой статьи 52 Закона об НДС Латвии (финансовые услуги).',
} as const;

for (const language of languages) {
  for (const kind of ['invoice', 'credit_note'] satisfies InvoiceKind[]) {
    const exempt = kind === 'credit_note';
    const rate = exempt ? 0 : vatRateBasisPointsOf(invoicing.vatRatePercent);
    const record = invoiceRecord.parse({
      companyId: 'company-sample',
      number: kind === 'invoice' ? '2026-000123' : '2026-000124',
      kind,
      issuedAt: '2026-11-01T02:05:00.000Z',
      issueDate: '2026-11-01',
      period: '2026-10',
      language,
      seller: invoicing.seller,
      buyer: {
        name: 'Sabiedrība ar ierobežotu atbildību "Ziemeļkurzemes Loģistikas un Pārvadājumu Centrs Ģērķēni"',
        registrationNumber: '40203555333',
        vatNumber: 'LV40203555333',
        address: `Kr. Valdemāra iela 118-45, Ārējās ēkas korpuss Nr. 3, Rīga, LV-1013, ${countryNameIn('LV', language)}`,
      },
      lines,
      vatRateBasisPoints: rate,
      vatExemption: exempt ? exemption[language] : null,
      ...invoiceTotals(lines, rate),
      creditsInvoice: kind === 'credit_note' ? { number: '2026-000100', issueDate: '2026-10-01' } : null,
      reason: kind === 'credit_note' ? 'Kartes nomaiņas maksa ieturēta divreiz' : null,
    });
    const file = join(out, `${kind}-${language}.pdf`);
    writeFileSync(file, await renderInvoicePdf(record));
    console.log(file);
  }
}
