import type { TransferResult } from '@shared/top-ups';
import type { Actor } from '../platform/audit';
import type { BankStatementPort, StatementLine } from './bank-statement-port';
import { DomainError } from '../platform/errors';
import { recordTransfer } from './bank-transfers';

/** Lines recorded at once: enough to finish a day's statement quickly, few enough not to crowd the table. */
const concurrency = 8;

/**
 * Records every line of a statement and answers one result per line, in the statement's order. A line repeating an
 * earlier line's bank id is reported as already recorded without trying, so which of the two is credited does not
 * depend on timing; every other duplicate is caught by the transfer item's condition.
 */
export async function creditStatement(statement: BankStatementPort, actor: Actor): Promise<TransferResult[]> {
  const lines = await statement.lines();
  const seen = new Set<string>();
  const results: TransferResult[] = new Array<TransferResult>(lines.length);
  const work: { index: number; line: Extract<StatementLine, { valid: true }> }[] = [];
  lines.forEach((line, index) => {
    if (!line.valid) {
      results[index] = { line: line.line, bankTransactionId: line.bankTransactionId, amountCents: line.amountCents, outcome: 'invalid', matchedBy: null, company: null, fields: line.fields };
      return;
    }
    const id = line.transfer.bankTransactionId;
    if (seen.has(id)) results[index] = alreadyRecordedResult(line);
    else {
      seen.add(id);
      work.push({ index, line });
    }
  });
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const job = work[next];
      next += 1;
      if (!job) continue;
      results[job.index] = await recordLine(job.line, actor);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, work.length) }, worker));
  return results;
}

async function recordLine(line: Extract<StatementLine, { valid: true }>, actor: Actor): Promise<TransferResult> {
  try {
    return await recordTransfer(line.transfer, { source: 'statement', actor, line: line.line });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'BANK_TRANSFER_ALREADY_RECORDED') return alreadyRecordedResult(line);
    throw error;
  }
}

function alreadyRecordedResult(line: Extract<StatementLine, { valid: true }>): TransferResult {
  return { line: line.line, bankTransactionId: line.transfer.bankTransactionId, amountCents: line.transfer.amountCents, outcome: 'already_recorded', matchedBy: null, company: null, fields: null };
}
