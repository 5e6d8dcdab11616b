import { keys } from '../platform/keys';
import { queryGsi1Below } from '../platform/table';
import { ledgerEntryRecord, type LedgerEntryRecord } from './money-records';

/** One leg of an employee's card account with its place in her statement (the key a next page starts below). */
export interface CardAccountEntry {
  entry: LedgerEntryRecord;
  sortKey: string;
}

/**
 * The newest `limit` legs of one employee's card account older than `before` (a sort key of an earlier page), card
 * payments left out (ledger.ts): one Query of at most `limit` items, however long she has had the card.
 */
export async function cardAccountEntries(request: { companyId: string; employeeId: string; before: string | null; limit: number }): Promise<CardAccountEntry[]> {
  const { gsi1pk } = keys.employeeLedger(request.companyId, request.employeeId);
  const items = await queryGsi1Below(gsi1pk, request.before, request.limit);
  return items.map((item) => ({ entry: ledgerEntryRecord.parse(item), sortKey: String(item.gsi1sk) }));
}
