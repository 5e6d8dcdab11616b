import { addMonths } from '@shared/dates';
import { rigaDayStartMs } from '@shared/day-range';
import { invoiceLine, invoiceLineKinds, type InvoiceLine, type InvoiceLineKind } from '@shared/invoices';
import { monthlyFeeCharges } from '../fees';
import { mainAccountLegs } from '../money';

/** The moments a month of Riga time starts and ends (ISO, the end excluded). */
export function monthInstants(month: string): { from: string; to: string } {
  return { from: new Date(rigaDayStartMs(`${month}-01`)).toISOString(), to: new Date(rigaDayStartMs(`${addMonths(month, 1)}-01`)).toISOString() };
}

/** The monthly maintenance fees charged for `month`, from their charge records (one per product and month). */
async function monthlyFeesOf(companyId: string, month: string): Promise<number[]> {
  const fees: number[] = [];
  for await (const page of monthlyFeeCharges(companyId, month)) fees.push(...page.map((charge) => charge.feeCents));
  return fees;
}

/**
 * The replacement fees taken in `month` (Riga time): the main account's legs of its replacement_fee movements (the
 * account's own statement, gsi1, by time), each the fee with its sign turned.
 */
async function replacementFeesOf(companyId: string, month: string): Promise<number[]> {
  const { from, to } = monthInstants(month);
  const fees: number[] = [];
  for await (const page of mainAccountLegs(companyId, 'replacement_fee', from, to)) fees.push(...page.map((leg) => -leg.amountCents));
  return fees;
}

/** One line per fee and price charged, in the order of invoiceLineKinds, cheapest price first; waived (zero) fees are left out. */
export function linesOf(charged: Readonly<Record<InvoiceLineKind, readonly number[]>>): InvoiceLine[] {
  return invoiceLineKinds.flatMap((kind) => {
    const byPrice = new Map<number, number>();
    for (const cents of charged[kind]) if (cents > 0) byPrice.set(cents, (byPrice.get(cents) ?? 0) + 1);
    return [...byPrice.entries()].sort(([a], [b]) => a - b).map(([price, quantity]) => invoiceLine(kind, quantity, price));
  });
}

/**
 * What a company was charged in `month`, as invoice lines: the month's maintenance fees by their charge records (the
 * fee of that month, whenever its run charged it) and the replacement fees taken in the month, each at the price it
 * was charged, not today's price list. No fees, no lines.
 */
export async function chargedLines(companyId: string, month: string): Promise<InvoiceLine[]> {
  const [monthly, replacements] = await Promise.all([monthlyFeesOf(companyId, month), replacementFeesOf(companyId, month)]);
  return linesOf({ monthly_fee: monthly, replacement_fee: replacements });
}

