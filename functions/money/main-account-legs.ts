import type { LedgerKind } from '@shared/ledger';
import { keys } from '../platform/keys';
import { queryPages } from '../platform/table';
import { ledgerEntryRecord, type LedgerEntryRecord } from './money-records';

/** Legs a DynamoDB page reads at most, so a reader holds one page of a long period at a time. */
const pageLimit = 500;

/**
 * The main account's own legs of one kind of movement between two instants (ISO, both included), oldest first, a page
 * at a time: the account's statement (gsi1, by time), filtered by kind.
 */
export async function* mainAccountLegs(companyId: string, kind: LedgerKind, from: string, to: string): AsyncGenerator<LedgerEntryRecord[]> {
  const pages = queryPages({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    FilterExpression: '#kind = :kind',
    ExpressionAttributeNames: { '#kind': 'kind' },
    ExpressionAttributeValues: { ':pk': keys.mainLedgerEntry(companyId, '', '', 0).gsi1pk, ':from': from, ':to': to, ':kind': kind },
    Limit: pageLimit,
  });
  for await (const page of pages) yield page.map((item) => ledgerEntryRecord.parse(item));
}
