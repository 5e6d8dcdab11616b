import { rigaDateOf } from '@shared/dates';
import { turnoverMonthsOf } from '@shared/dashboard';
import { allTransactions, monthTally, transactionTallyRecord } from '../transactions';
import { keys } from '../platform/keys';
import { queryAll } from '../platform/table';
import { useCase } from '../platform/use-case';
import * as dashboardRoutes from '@shared/api/routes/dashboard-routes';

/**
 * Card spending per calendar month of the period from the company's month tallies: one Query of at most 12 items,
 * however many transactions the months hold. Card payments are stored negative, so the spent amount is the sum negated.
 */
export const handler = useCase(dashboardRoutes.getTurnover, async ({ caller, query }) => {
  const months = turnoverMonthsOf(query.dateLimit, rigaDateOf(new Date()));
  const first = monthTally(months[0] ?? '');
  const last = monthTally(months.at(-1) ?? '');
  const { pk } = keys.transactionTallies(caller.companyId, allTransactions);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
    ExpressionAttributeValues: { ':pk': pk, ':first': first, ':last': last },
  });
  const byMonth = new Map(items.map((item) => [String(item.sk), transactionTallyRecord.parse(item)]));
  return {
    months: months.map((month) => {
      const tally = byMonth.get(monthTally(month));
      return { month, spentCents: tally ? -tally.sumCents : 0, count: tally?.count ?? 0 };
    }),
  };
});
