import * as z from 'zod/mini';
import { isChargedMonthlyFee } from '@shared/cards';
import { feeMonthOf, feeMonthSchema, previousFeeMonth } from '@shared/fees';
import { auditItem, systemActor } from '../platform/audit';
import { entities, keys } from '../platform/keys';
import { alertOnLowBalance, ledgerItems, mainAccountChange } from '../money';
import { readPriceList } from './price-list';
import { employeeRecord } from '../employees';
import { queryAll, tableName, transactThroughConflicts, type TransactItem } from '../platform/table';
import { logger, scheduledRun } from '../platform/logger';
import { readableError } from '../platform/readable-error';
import { activeCompanyIds } from '../companies';
import { queueMonthlyInvoices } from '../invoices';

export interface MonthlyFeeSummary {
  companies: number;
  charged: number;
  alreadyCharged: number;
  /** The month whose invoices the run asked for (the one before the month charged). */
  invoicedMonth: string;
}

/** EventBridge's scheduled event: only its time is read, the moment the schedule fired. */
const scheduledEventSchema = /* @__PURE__ */ z.object({ time: z.iso.datetime() });

/** The scheduled job: charges the month the schedule fired in (Riga time), so a late or repeated firing is harmless. */
export const handler = scheduledRun(async (event): Promise<MonthlyFeeSummary> => {
  const now = new Date(scheduledEventSchema.parse(event).time);
  const month = feeMonthOf(now);
  const summary = await chargeMonthlyFees(month, now);
  logger.info('monthly fees charged', { month, ...summary });
  return summary;
});

const chargedEmployee = /* @__PURE__ */ z.pick(employeeRecord, { employeeId: true, name: true, surname: true, cardStatus: true });
type ChargedEmployee = z.infer<typeof chargedEmployee>;

/** Companies are independent (each has its own main account), so a few run side by side. */
const companiesAtOnce = 4;

/**
 * The monthly maintenance fee (SPEC sections 4 and 9) of `month` for every product of every active company that
 * isChargedMonthlyFee says is charged (blocked ones too; terminated and not yet issued ones not). Each charge is one
 * transaction whose first item is the month's charge record written only if absent: a second run, or two runs at
 * once, charge each product once, and a run that stopped half-way is finished by the next.
 */
export async function chargeMonthlyFees(month: string, now: Date = new Date()): Promise<MonthlyFeeSummary> {
  feeMonthSchema.parse(month);
  const { monthlyFeeCents } = await readPriceList();
  const companyIds = await activeCompanyIds();
  const summary: MonthlyFeeSummary = { companies: companyIds.length, charged: 0, alreadyCharged: 0, invoicedMonth: previousFeeMonth(month) };
  const failures: unknown[] = [];
  const queue = [...companyIds];
  const worker = async () => {
    for (let companyId = queue.shift(); companyId !== undefined; companyId = queue.shift()) {
      // A company's charges share its main account: one after the other, or they would only conflict.
      for (const employee of await chargedEmployees(companyId)) {
        try {
          const outcome = await chargeOne({ companyId, employee, month, feeCents: monthlyFeeCents, at: now.toISOString() });
          summary[outcome] += 1;
        } catch (error) {
          failures.push(error);
          logger.error('monthly fee not charged', { companyId, employeeId: employee.employeeId, month, error: await readableError(error) });
        }
      }
      await alertOnLowBalance(companyId);
    }
  };
  await Promise.all(Array.from({ length: Math.min(companiesAtOnce, companyIds.length) }, worker));
  // Each company's invoice of the month before (issue 34), issued by the invoices worker apart from this run: a fee is
  // never held back by an invoice, and an invoice that fails is retried on its own. A company with no fees that month
  // gets none. Not queued, they are queued by the run's retry, which charges nothing twice and invoices nothing twice.
  const feeFailures = failures.length;
  try {
    await queueMonthlyInvoices(companyIds, summary.invoicedMonth);
  } catch (error) {
    failures.push(error);
    logger.error('monthly invoices not queued', { month: summary.invoicedMonth, error: await readableError(error) });
  }
  // Whatever failed is charged by running the job again; the run reports failure so the scheduler retries it.
  const invoicesFailed = failures.length > feeFailures ? `; the invoices of ${summary.invoicedMonth} were not queued` : '';
  if (failures.length > 0) throw new AggregateError(failures, `${feeFailures} monthly fees of ${month} were not charged${invoicesFailed}`);
  return summary;
}

async function chargedEmployees(companyId: string): Promise<ChargedEmployee[]> {
  const { pk, skPrefix } = keys.employees(companyId);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ProjectionExpression: 'employeeId, #name, surname, cardStatus',
    ExpressionAttributeNames: { '#name': 'name' },
  });
  return items.map((item) => chargedEmployee.parse(item)).filter((employee) => isChargedMonthlyFee(employee.cardStatus));
}

interface Charge {
  companyId: string;
  employee: ChargedEmployee;
  month: string;
  feeCents: number;
  at: string;
}

/**
 * The charge record, the main account debit, the two ledger legs and the audit record, all or nothing. The fee is
 * owed whatever the balance, so the account may go below zero (docs/decisions.md). A zero fee still settles the
 * month (its record), with no money moving.
 */
function chargeItems(charge: Charge): TransactItem[] {
  const { companyId, employee, month, feeCents, at } = charge;
  const movementId = `monthly-fee:${month}:${employee.employeeId}`;
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.monthlyFeeCharge(companyId, employee.employeeId, month), entity: entities.monthlyFeeCharge, companyId, employeeId: employee.employeeId, month, feeCents, movementId, at },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: auditItem({
          companyId,
          actor: systemActor,
          action: 'fee.monthly',
          // The money leaves the company's main account for her card: the fee is hers (issue 31), in her history and
          // under the activity log's employee filter, its month naming the month's run (shared/activity-links.ts).
          target: { type: 'employee', id: employee.employeeId },
          before: {},
          after: { month, feeCents },
          at,
        }),
      },
    },
  ];
  if (feeCents > 0) {
    items.push(mainAccountChange(companyId, -feeCents, { mayGoNegative: true }));
    const [year, monthNumber] = month.split('-');
    items.push(
      ...ledgerItems({
        companyId,
        movementId,
        at,
        kind: 'monthly_fee',
        description: `${employee.name} ${employee.surname}, ${monthNumber}.${year}`,
        employeeId: employee.employeeId,
        legs: [
          { account: 'main', amountCents: -feeCents },
          { account: 'provider:fees', amountCents: feeCents },
        ],
      }),
    );
  }
  return items;
}

/** A card action or a transfer may hold the main account at the same moment: DynamoDB cancels, and we try again. */
const conflictRetries = 8;

/** Thrown for the charge record's condition: this product's month is settled already. */
class AlreadyCharged extends Error {}

async function chargeOne(charge: Charge): Promise<'charged' | 'alreadyCharged'> {
  try {
    await transactThroughConflicts(chargeItems(charge), { 0: new AlreadyCharged() }, conflictRetries);
    return 'charged';
  } catch (error) {
    if (error instanceof AlreadyCharged) return 'alreadyCharged';
    throw error;
  }
}
