import { bankStatementMaxBytes } from '@shared/top-ups';
import { actorOfCaller } from '../platform/audit';
import { csvStatement } from './csv-statement';
import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { creditStatement } from './credit-statement';
import * as topUpRoutes from '@shared/api/routes/top-up-routes';

/**
 * A statement's lines are credited in transactions of their own, so its Idempotency-Key cannot be written with them:
 * the platform marks the key running before and keeps the answer after (a second click meanwhile answers 409
 * IDEMPOTENCY_IN_PROGRESS). Each line is still credited once by its bank transaction id whatever the key does.
 */
export const handler = useCase(topUpRoutes.importBankStatement, async ({ caller, body }) => {
  if (Buffer.byteLength(body.text) > bankStatementMaxBytes) throw new DomainError(413, 'PAYLOAD_TOO_LARGE');
  const lines = await creditStatement(csvStatement(body.text), actorOfCaller(caller, 'admin'));
  return { fileName: body.fileName, lines, creditedCents: lines.reduce((sum, line) => sum + (line.outcome === 'credited' ? (line.amountCents ?? 0) : 0), 0) };
});
