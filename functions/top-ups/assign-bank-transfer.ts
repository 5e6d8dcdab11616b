import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { assignTransfer } from './bank-transfers';

export const handler = useCase('POST /admin/top-ups/assignments', async ({ caller, body }) =>
  assignTransfer(body.bankTransactionId, body.companyId, actorOfCaller(caller, 'admin')),
);
