import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../platform/aws/dynamo';
import { keys } from '../platform/keys';
import { tableName } from '../platform/table';
import { useCase } from '../platform/use-case';
import * as cardholderRoutes from '@shared/api/routes/cardholder-routes';

/** Signing out deletes the session: its token is refused from then on, even before it would have expired. */
export const handler = useCase(cardholderRoutes.signOut, async ({ caller }) => {
  await dynamo.send(new DeleteCommand({ TableName: tableName(), Key: keys.cardholderSession(caller.tokenHash) }));
  return { ok: true as const };
});
