import { rigaDateOf } from '@shared/dates';
import { startExport } from '../exports';
import { countTransactions } from './transaction-pages';
import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import * as transactionRoutes from '@shared/api/routes/transaction-routes';

/** SPEC section 4 "Background export": the filtered transactions as a CSV file, made by the exports worker. */
export const handler = useCase(transactionRoutes.exportTransactions, async ({ caller, query }) => {
  const { lang, ...filters } = query;
  return startExport({
    companyId: caller.companyId,
    kind: 'transactions',
    filters,
    lang,
    fileName: `transactions-${rigaDateOf(new Date())}.csv`,
    estimatedRows: await countTransactions(caller.companyId, filters),
    requestedBy: { userId: caller.userId, email: caller.profile.email },
    actor: actorOfCaller(caller, 'company_user'),
  });
});
