import { entities, keys } from '@functions/platform/keys';
import { invoiceItem } from '@functions/invoices/invoice-store';
import { invoiceRecord } from '@functions/invoices/invoice-records';
import { exampleDeployConfig } from '../deploy-config';

/**
 * The test-only Cēsu Flote's one invoice (issue 34): the authorization matrix names it as another company's invoice. Of
 * a year gone, with that year's counter, so the series of the current year starts where it would.
 */
export const fleetInvoiceNumber = '2025-000001';

/** The invoice with its counter; its PDF was never made (so it needs no file), and no one is mailed. */
export function fleetInvoiceItems(companyId: string): Record<string, unknown>[] {
  const record = invoiceRecord.parse({
    companyId,
    number: fleetInvoiceNumber,
    kind: 'invoice',
    issuedAt: '2025-12-01T02:00:00.000Z',
    issueDate: '2025-12-01',
    period: '2025-11',
    language: 'en',
    seller: exampleDeployConfig().invoicing.seller,
    buyer: { name: 'Cēsu Flote SIA', registrationNumber: '40003555000', vatNumber: null, address: 'Rīgas iela 1, Cēsis, LV-4101, Latvia' },
    lines: [{ kind: 'monthly_fee', quantity: 1, unitPriceCents: 150, netCents: 150 }],
    vatRateBasisPoints: 2_100,
    vatExemption: null,
    netCents: 150,
    vatCents: 32,
    totalCents: 182,
  });
  return [invoiceItem(record), { ...keys.invoiceCounter(2025), entity: entities.invoiceCounter, year: 2025, lastNumber: 1, updatedAt: record.issuedAt }];
}
