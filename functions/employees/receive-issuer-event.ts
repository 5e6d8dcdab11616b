import { PutCommand, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { nextCardStatus } from '@shared/cards';
import { issuerEventSchema, issuerEventTypes, type IssuerEvent } from '@shared/issuer-events';
import { systemActor } from '../platform/audit';
import { dynamo } from '../platform/aws/dynamo';
import { commitEmployeeChange, findEmployee, readEmployee } from './employee-changes';
import { DomainError } from '../platform/errors';
import { signedIssuerBody } from '../issuer';
import { entities, keys } from '../platform/keys';
import { logger } from '../platform/logger';
import { cardOwnerRecord, type EmployeeRecord } from './employee-records';
import { conditionFailed, getItem, tableName } from '../platform/table';
import { useCase } from '../platform/use-case';
import * as issuerRoutes from '@shared/api/routes/issuer-routes';

type Outcome = 'applied' | 'not_current_card' | 'not_allowed';

/** Two changes of one employee at once: the event is decided again on what the other left. */
const attempts = 3;

/**
 * The card issuer's webhook: an event it signed changes the card's status as the state machine allows, made by
 * 'system'. Every event id is recorded in the transaction that applies it (or alone, when it changes nothing), so a
 * repeated delivery changes nothing. An event that cannot apply is still answered 200: a refusal would only make the
 * issuer send it again and again.
 */
export const handler = useCase(issuerRoutes.receiveIssuerEvent, async ({ event }) => {
  const issuerEvent = await signedIssuerBody(event, issuerEventSchema);

  if (await getItem(keys.issuerEvent(issuerEvent.eventId))) return { received: true, applied: false };
  const ownerItem = await getItem(keys.cardOwner(issuerEvent.cardId));
  const owner = ownerItem ? cardOwnerRecord.parse(ownerItem) : null;
  const employee = owner ? await findEmployee(owner.companyId, owner.employeeId) : null;
  if (!owner || !employee) {
    // Not recorded: should the card become known later (an order still being written), a redelivery may apply.
    logger.warn('issuer event for an unknown card', { eventId: issuerEvent.eventId, type: issuerEvent.type, cardId: issuerEvent.cardId });
    return { received: true, applied: false };
  }
  return { received: true, applied: await apply(issuerEvent, employee) };
});

async function apply(issuerEvent: IssuerEvent, first: EmployeeRecord): Promise<boolean> {
  let employee = first;
  for (let attempt = 1; ; attempt += 1) {
    const receivedAt = new Date().toISOString();
    // A replaced card may still report (its delivery, its removal): that no longer says anything about the employee.
    const next = employee.cardId === issuerEvent.cardId ? nextCardStatus(employee.cardStatus, issuerEventTypes[issuerEvent.type]) : null;
    const outcome: Outcome = employee.cardId !== issuerEvent.cardId ? 'not_current_card' : next ? 'applied' : 'not_allowed';
    const record = recordOf(issuerEvent, employee, outcome, receivedAt);
    if (!next) {
      if (!(await putOnce(record))) return false;
      logger.info('issuer event recorded, not applied', { eventId: issuerEvent.eventId, type: issuerEvent.type, outcome, cardStatus: employee.cardStatus });
      return false;
    }
    const duplicate = new DomainError(409, 'CONFLICT');
    try {
      await commitEmployeeChange({
        employee,
        set: { cardStatus: next, cardStatusChangedBy: systemActor.kind, cardStatusChangedAt: receivedAt },
        expect: { cardStatus: employee.cardStatus },
        actor: systemActor,
        action: `issuer.${issuerEvent.type}`,
        extra: [{ item: { Put: record }, refusal: duplicate }],
        at: receivedAt,
      });
      return true;
    } catch (error) {
      if (error === duplicate) return false;
      if (!(error instanceof DomainError && error.code === 'CONFLICT') || attempt >= attempts) throw error;
      employee = await readEmployee(employee.companyId, employee.employeeId);
    }
  }
}

/** The event as received, with what it found; its key is the event id, so it is written once. */
function recordOf(issuerEvent: IssuerEvent, employee: EmployeeRecord, outcome: Outcome, receivedAt: string): PutCommandInput {
  return {
    TableName: tableName(),
    Item: {
      ...keys.issuerEvent(issuerEvent.eventId),
      entity: entities.issuerEvent,
      ...issuerEvent,
      companyId: employee.companyId,
      employeeId: employee.employeeId,
      outcome,
      cardStatusBefore: employee.cardStatus,
      receivedAt,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
}

/** Writes the record unless the event id is known already; answers whether this call wrote it. */
async function putOnce(record: PutCommandInput): Promise<boolean> {
  try {
    await dynamo.send(new PutCommand(record));
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}
