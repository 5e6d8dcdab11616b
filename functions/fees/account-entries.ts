import type { AccountEntriesQuery, AccountEntry } from '@shared/ledger';
import { totalPagesOf, type TableAnswer } from '@shared/lists';
import { keys } from '../platform/keys';
import { ledgerEntryRecord, mainAccountRecord } from '../money';
import { getItem, queryNewestOfGsi1 } from '../platform/table';

/**
 * One page of the main account's ledger lines, newest first: its own legs only (gsi1, keys.mainLedgerEntry), so page N
 * reads N × itemsPerPage lines whatever the company's history holds, and the total is the account's `entryCount`, kept
 * by every change of the account (functions/money/ledger.ts mainAccountChange).
 */
export async function readAccountEntries(companyId: string, query: AccountEntriesQuery): Promise<TableAnswer<AccountEntry>> {
  const [rows, account] = await Promise.all([readUpTo(companyId, query.page * query.itemsPerPage), getItem(keys.mainAccount(companyId))]);
  const totalRecords = account ? mainAccountRecord.parse(account).entryCount : 0;
  return {
    rows: rows.slice((query.page - 1) * query.itemsPerPage),
    totalPages: totalPagesOf(totalRecords, query.itemsPerPage),
    totalRecords,
  };
}

async function readUpTo(companyId: string, wanted: number): Promise<AccountEntry[]> {
  const items = await queryNewestOfGsi1(keys.mainLedgerEntry(companyId, '', '', 0).gsi1pk, wanted);
  return items.map((item) => {
    const entry = ledgerEntryRecord.parse(item);
    return { id: entry.movementId, at: entry.at, kind: entry.kind, description: entry.description, amountCents: entry.amountCents };
  });
}
