import * as z from 'zod/mini';
import type { CardHistoryAnswer, CardHistoryEntry } from '@shared/cardholder';
import type { LedgerEntryRecord } from '../money';
import type { TransactionRecord } from '../transactions';

/**
 * Where a history page stopped in each of its two lists: her transactions (her own number of the oldest shown) and
 * her card account's legs (the sort key of the oldest shown); null where the page showed none of that list yet.
 */
export interface HistoryCursor {
  transactionsBefore: number | null;
  accountBefore: string | null;
}

const cursorShape = /* @__PURE__ */ z.object({ t: z.nullable(z.int().check(z.positive())), a: z.nullable(z.string().check(z.maxLength(200))) });

export function cursorText(cursor: HistoryCursor): string {
  return Buffer.from(JSON.stringify({ t: cursor.transactionsBefore, a: cursor.accountBefore })).toString('base64url');
}

/** The cursor a page answered, or null when the text is not one. */
export function readCursor(text: string): HistoryCursor | null {
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? { transactionsBefore: parsed.data.t, accountBefore: parsed.data.a } : null;
  } catch {
    return null;
  }
}

/**
 * A card transaction as she reads it: a reversed payment released its hold, so it is money returned (positive),
 * never a charge; the others keep their sign (a purchase negative, a merchant's refund positive).
 */
export function entryOfTransaction(transaction: TransactionRecord): CardHistoryEntry {
  if (transaction.status === 'reversed') {
    return { kind: 'returned', id: transaction.transactionId, at: transaction.executedAt, amountCents: Math.abs(transaction.amountCents), description: transaction.description };
  }
  return { kind: 'payment', id: transaction.transactionId, at: transaction.executedAt, amountCents: transaction.amountCents, description: transaction.description, status: transaction.status };
}

/** A leg of her card account: money her company put on it, or what went back to the company; null for any other. */
export function entryOfAccountLeg(leg: LedgerEntryRecord, companyName: string): CardHistoryEntry | null {
  if (leg.kind === 'employee_funding' && leg.amountCents > 0) return { kind: 'received', id: leg.movementId, at: leg.at, amountCents: leg.amountCents, companyName };
  if (leg.kind === 'card_balance_return' && leg.amountCents <= 0) return { kind: 'to_company', id: leg.movementId, at: leg.at, amountCents: leg.amountCents, companyName };
  return null;
}

/**
 * One page of her history, newest first, from up to `size + 1` of each list below the cursor: the two are merged by
 * time, the first `size` shown, and the next page starts below the last of each list shown. Anything left over
 * means there is a next page.
 */
export function historyPage(
  lists: { transactions: readonly TransactionRecord[]; account: readonly { entry: LedgerEntryRecord; sortKey: string }[] },
  cursor: HistoryCursor,
  companyName: string,
  size: number,
): CardHistoryAnswer {
  type Line = { at: string; transaction?: TransactionRecord; leg?: { entry: LedgerEntryRecord; sortKey: string } };
  const lines: Line[] = [
    ...lists.transactions.map((transaction) => ({ at: transaction.executedAt, transaction })),
    ...lists.account.map((leg) => ({ at: leg.entry.at, leg })),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const shown = lines.slice(0, size);
  const next = { ...cursor };
  const entries: CardHistoryEntry[] = [];
  for (const line of shown) {
    if (line.transaction) {
      next.transactionsBefore = line.transaction.employeeSeq;
      entries.push(entryOfTransaction(line.transaction));
    } else if (line.leg) {
      next.accountBefore = line.leg.sortKey;
      const entry = entryOfAccountLeg(line.leg.entry, companyName);
      if (entry) entries.push(entry);
    }
  }
  return { entries, nextCursor: lines.length > size ? cursorText(next) : null };
}
