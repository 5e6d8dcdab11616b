import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { recordTransfer } from './bank-transfers';

export const handler = useCase('POST /admin/top-ups/transfers', async ({ caller, body }) =>
  recordTransfer(body, { source: 'manual', actor: actorOfCaller(caller, 'admin'), line: null }),
);
