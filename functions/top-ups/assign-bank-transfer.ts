import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { assignTransfer } from './bank-transfers';
import * as topUpRoutes from '@shared/api/routes/top-up-routes';

/** The Idempotency-Key's answer is written in the crediting transaction, so a retried click can only answer again. */
export const handler = useCase(topUpRoutes.assignBankTransfer,
  async ({ caller, body, idempotency }) => assignTransfer(body.bankTransactionId, body.companyId, actorOfCaller(caller, 'admin'), (result) => idempotency.answerItem(result)),
  { answerInTransaction: true },
);
