import type { BankTransfer } from '@shared/top-ups';

/** One line of a bank statement: a transfer we can record, or the reasons it cannot be read (field message codes). */
export type StatementLine =
  | { line: number; valid: true; transfer: BankTransfer }
  | { line: number; valid: false; bankTransactionId: string | null; amountCents: number | null; fields: Record<string, string> };

/**
 * Where incoming transfers come from. The CSV adapter reads a statement an admin uploads; a bank's API (polled or
 * pushing) would be another adapter giving the same lines, and the crediting code would not change.
 */
export interface BankStatementPort {
  lines(): Promise<StatementLine[]>;
}
