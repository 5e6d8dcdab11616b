import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { recordTransfer } from './bank-transfers';
import * as topUpRoutes from '@shared/api/routes/top-up-routes';

/** The Idempotency-Key's answer is written in the crediting transaction, so a retried click can only answer again. */
export const handler = useCase(topUpRoutes.recordBankTransfer,
  async ({ caller, body, idempotency }) =>
    recordTransfer(body, { source: 'manual', actor: actorOfCaller(caller, 'admin'), line: null, answerItem: (result) => idempotency.answerItem(result) }),
  { answerInTransaction: true },
);
