import { keys, sequenceKey } from '../platform/keys';
import { queryGsi1Below } from '../platform/table';
import { transactionRecord, type TransactionRecord } from './transaction-records';

/**
 * The newest `limit` transactions of one employee numbered below `beforeSeq` (her own numbers, which follow time):
 * one Query of at most `limit` items, for a history read page after page.
 */
export async function employeeTransactionsBefore(request: { companyId: string; employeeId: string; beforeSeq: number | null; limit: number }): Promise<TransactionRecord[]> {
  const { gsi1pk } = keys.transactionsOfEmployee(request.companyId, request.employeeId);
  const items = await queryGsi1Below(gsi1pk, request.beforeSeq === null ? null : sequenceKey(request.beforeSeq), request.limit);
  return items.map((item) => transactionRecord.parse(item));
}
