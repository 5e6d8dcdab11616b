import * as z from 'zod/mini';
import { keys } from '../platform/keys';
import { queryPages } from '../platform/table';

/** One employee's monthly maintenance fee for one month (functions/fees/charge-monthly-fees.ts writes it). */
export const monthlyFeeChargeRecord = /* @__PURE__ */ z.object({ employeeId: z.string(), month: z.string(), feeCents: z.int(), at: z.string() });
export type MonthlyFeeChargeRecord = z.infer<typeof monthlyFeeChargeRecord>;

/** Charges a DynamoDB page reads at most, so a reader holds one page of a long period at a time. */
const pageLimit = 500;

/**
 * The monthly fee charges of the months `firstMonth` to `lastMonth` (YYYY-MM, both included), by month then employee,
 * a page at a time.
 */
export async function* monthlyFeeCharges(companyId: string, firstMonth: string, lastMonth = firstMonth): AsyncGenerator<MonthlyFeeChargeRecord[]> {
  // The charges of a month share the sort key before the employee id; '~' sorts after every employee id.
  const first = keys.monthlyFeeCharge(companyId, '', firstMonth);
  const last = keys.monthlyFeeCharge(companyId, '', lastMonth);
  const pages = queryPages({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': first.pk, ':from': first.sk, ':to': `${last.sk}~` },
    Limit: pageLimit,
  });
  for await (const page of pages) yield page.map((item) => monthlyFeeChargeRecord.parse(item));
}
