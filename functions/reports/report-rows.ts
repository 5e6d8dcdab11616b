import * as z from 'zod/mini';
import { limitUsageOf } from '@shared/authorizations';
import { formatDate, rigaDateOf } from '@shared/dates';
import { rowFailureCodes } from '@shared/funding';
import {
  cardStatusReportColumns,
  cardStatusReportHeaders,
  cardStatusTexts,
  employeeStatusTexts,
  euroCell,
  fundingReasonTexts,
  fundingReportColumns,
  fundingReportHeaders,
  fundingSourceTexts,
  fundingStatusTexts,
  monthlyFeeReportColumns,
  monthlyFeeReportHeaders,
  statusChangerTexts,
  type CardStatusReportColumn,
  type FundingReportColumn,
  type MonthlyFeeReportColumn,
} from '@shared/report-csv';
import { transactionCsvHeader, transactionCsvRow } from '@shared/transaction-csv';
import { transactionFiltersSchema } from '@shared/transactions';
import type { Cells } from '../platform/csv-stream';
import { keys } from '../platform/keys';
import { employeeRecord, type EmployeeRecord } from '../employees';
import { employeeOfAccount, ledgerEntryRecord, mainAccountLegs } from '../money';
import { monthlyFeeCharges } from '../fees';
import { batchGetItems, itemId, queryAll, queryPages } from '../platform/table';
import { transactionsOf } from '../transactions';
import type { BuildableReport } from './report-store';
import { nextDay, rigaDayStartMs } from '@shared/day-range';

/** A report's file: its header line and its rows, read a DynamoDB page at a time as the upload asks for them. */
export interface ReportLines {
  header: Cells;
  rows: AsyncIterable<Cells>;
}

/** Rows of DynamoDB pages are at most this many items, so one page of a report's reading stays small. */
const pageLimit = 500;

export function reportLines(report: BuildableReport, now: Date): ReportLines {
  const lang = report.lang;
  switch (report.type) {
    case 'transactions':
      return { header: transactionCsvHeader(lang), rows: transactionRows(report, now) };
    case 'funding':
      return { header: fundingReportColumns.map((column) => fundingReportHeaders[lang][column]), rows: fundingRows(report) };
    case 'card_statuses':
      return { header: cardStatusReportColumns.map((column) => cardStatusReportHeaders[lang][column]), rows: cardStatusRows(report) };
    case 'monthly_fees':
      return { header: monthlyFeeReportColumns.map((column) => monthlyFeeReportHeaders[lang][column]), rows: monthlyFeeRows(report, now) };
  }
}

/** The card transactions executed in the period, newest first: the transactions export's columns and cells. */
async function* transactionRows(report: BuildableReport, now: Date): AsyncGenerator<Cells> {
  const filters = transactionFiltersSchema.parse({ dateFrom: report.dateFrom, dateTo: report.dateTo });
  for await (const row of transactionsOf(report.companyId, filters, now)) yield transactionCsvRow(row, report.lang);
}

/** The company's employees met so far, read by key a page's worth at a time; bounded by the company's employees. */
class EmployeeDirectory {
  private readonly known = new Map<string, EmployeeRecord | null>();
  constructor(private readonly companyId: string) {}

  async load(employeeIds: Iterable<string>): Promise<void> {
    const missing = [...new Set(employeeIds)].filter((id) => id && !this.known.has(id));
    if (missing.length === 0) return;
    const found = await batchGetItems(missing.map((id) => keys.employee(this.companyId, id)));
    for (const id of missing) {
      const item = found.get(itemId(keys.employee(this.companyId, id)));
      this.known.set(id, item ? employeeRecord.parse(item) : null);
    }
  }

  get(employeeId: string | null): EmployeeRecord | null {
    return employeeId ? (this.known.get(employeeId) ?? null) : null;
  }
}

const nameOf = (employee: EmployeeRecord | null, fallback = '') => (employee ? `${employee.name} ${employee.surname}` : fallback);

/** ISO times from the start of the period's first Riga day to the start of the day after its last. */
function periodInstants(report: BuildableReport): { from: string; to: string } {
  return { from: new Date(rigaDayStartMs(report.dateFrom)).toISOString(), to: new Date(rigaDayStartMs(nextDay(report.dateTo))).toISOString() };
}

const auditAfterSchema = /* @__PURE__ */ z.object({ after: z._default(z.record(z.string(), z.unknown()), {}) });

/**
 * Money given to employees in the period, oldest first: each employee_funding movement of the main account (its own
 * legs, gsi1 by time), one row per employee leg, its source told by the movement's audit record (a file's names the
 * file); then the refused rows of the CSV funding files uploaded in the period, with their reason.
 */
async function* fundingRows(report: BuildableReport): AsyncGenerator<Cells> {
  const { companyId, lang } = report;
  const { from, to } = periodInstants(report);
  const employees = new EmployeeDirectory(companyId);
  const row = (cells: Record<FundingReportColumn, string | number>) => fundingReportColumns.map((column) => cells[column]);

  for await (const page of mainAccountLegs(companyId, 'employee_funding', from, to)) {
    for (const main of page) {
      const legs = (await queryAll({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :movement)',
        ExpressionAttributeValues: { ':pk': keys.ledgerEntry(companyId, '', '', 0).pk, ':movement': `${main.at}#${main.movementId}#` },
      })).flatMap((item) => {
        const leg = ledgerEntryRecord.parse(item);
        const employeeId = employeeOfAccount(leg.account);
        return employeeId === null ? [] : [{ ...leg, employeeId }];
      });
      const fromFile = await movedByFile(companyId, main.at, main.movementId);
      await employees.load(legs.map((leg) => leg.employeeId));
      for (const leg of legs) {
        const employee = employees.get(leg.employeeId);
        yield row({
          date: formatDate(main.at, { withTime: true }),
          employee: nameOf(employee, main.employeeId ? main.description : ''),
          personalCode: employee?.personalCode ?? '',
          amount: euroCell(leg.amountCents),
          source: fromFile ? `${fundingSourceTexts[lang].file} ${main.description}` : fundingSourceTexts[lang].single,
          status: fundingStatusTexts[lang].applied,
          reason: '',
        });
      }
    }
  }

  const { pk, sk: filePrefix } = keys.fundingFile(companyId, '');
  const files = queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'uploadedAt BETWEEN :from AND :to AND failedCount > :none',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': filePrefix, ':from': from, ':to': to, ':none': 0 },
    Limit: pageLimit,
  });
  for await (const page of files) {
    for (const file of page.map((item) => fundingFileOfReport.parse(item))) {
      const refused = queryPages({
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'outcome = :failed',
        ExpressionAttributeValues: { ':pk': keys.fundingRows(companyId, file.fileId).pk, ':failed': 'failed' },
        Limit: pageLimit,
      });
      for await (const rowsPage of refused) {
        const rows = rowsPage.map((item) => refusedRowSchema.parse(item));
        await employees.load(rows.map((refusedRow) => refusedRow.employeeId));
        for (const refusedRow of rows) {
          const employee = employees.get(refusedRow.employeeId || null);
          yield row({
            date: formatDate(file.uploadedAt, { withTime: true }),
            employee: nameOf(employee, refusedRow.name),
            personalCode: employee?.personalCode ?? '',
            amount: euroCell(refusedRow.amountCents),
            source: `${fundingSourceTexts[lang].file} ${file.fileName}`,
            status: fundingStatusTexts[lang].refused,
            reason: refusedRow.reason ? fundingReasonTexts[lang][refusedRow.reason] : '',
          });
        }
      }
    }
  }
}

const fundingFileOfReport = /* @__PURE__ */ z.object({ fileId: z.string(), fileName: z.string(), uploadedAt: z.string() });
const refusedRowSchema = /* @__PURE__ */ z.object({ employeeId: z._default(z.string(), ''), name: z._default(z.string(), ''), amountCents: z.int(), reason: z._default(z.nullable(z.enum(rowFailureCodes)), null) });

/** Whether a funding movement came from a CSV file: its audit record, written in the same transaction, names the file. */
async function movedByFile(companyId: string, at: string, movementId: string): Promise<boolean> {
  const records = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :at)',
    ExpressionAttributeValues: { ':pk': keys.auditRecord(companyId, at, '').pk, ':at': `${at}#` },
  });
  const audit = records.map((item) => auditAfterSchema.parse(item)).find((record) => record.after.movementId === movementId);
  return typeof audit?.after.fileId === 'string';
}

/** Every employee's card as it is now (a snapshot: the period is recorded, not applied; docs/decisions.md). */
async function* cardStatusRows(report: BuildableReport): AsyncGenerator<Cells> {
  const { lang } = report;
  const { pk, skPrefix } = keys.employees(report.companyId);
  const pages = queryPages({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix }, Limit: pageLimit });
  for await (const page of pages) {
    for (const employee of page.map((item) => employeeRecord.parse(item))) {
      const cells: Record<CardStatusReportColumn, string> = {
        name: employee.name,
        surname: employee.surname,
        personalCode: employee.personalCode ?? '',
        phone: employee.phone ?? '',
        lastCardDigits: employee.lastCardDigits ?? '',
        employeeStatus: employeeStatusTexts[lang][employee.status],
        cardStatus: cardStatusTexts[lang][employee.cardStatus],
        changedBy: statusChangerTexts[lang][employee.cardStatusChangedBy],
        changedAt: formatDate(employee.cardStatusChangedAt, { withTime: true }),
      };
      yield cardStatusReportColumns.map((column) => cells[column]);
    }
  }
}

/**
 * The monthly fee charges of the months the period overlaps, by month then employee, each with the employee's card
 * account as it is at generation (available, reserved, and used in the current month).
 */
async function* monthlyFeeRows(report: BuildableReport, now: Date): AsyncGenerator<Cells> {
  const { companyId } = report;
  const today = rigaDateOf(now);
  const employees = new EmployeeDirectory(companyId);
  for await (const charges of monthlyFeeCharges(companyId, report.dateFrom.slice(0, 7), report.dateTo.slice(0, 7))) {
    await employees.load(charges.map((charge) => charge.employeeId));
    for (const charge of charges) {
      const employee = employees.get(charge.employeeId);
      const cells: Record<MonthlyFeeReportColumn, string | number> = {
        month: charge.month,
        employee: nameOf(employee),
        personalCode: employee?.personalCode ?? '',
        fee: euroCell(charge.feeCents),
        chargedAt: formatDate(charge.at, { withTime: true }),
        available: employee ? euroCell(employee.balanceCents) : '',
        reserved: employee ? euroCell(employee.reservedCents) : '',
        used: employee ? euroCell(limitUsageOf(employee, today).monthCents) : '',
      };
      yield monthlyFeeReportColumns.map((column) => cells[column]);
    }
  }
}
