import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { systemActor } from '../platform/audit';
import { commitEmployeeChange } from './employee-changes';
import { DomainError } from '../platform/errors';
import { employeeRecord } from './employee-records';
import { useDummyHandlerEnvironment } from '../../test/unit-test-env';

// DynamoDB Local runs transactions one at a time and never answers TransactionConflict, so only a mock reaches it.
const dynamoMock = mockClient(DynamoDBDocumentClient);

const cancelled = (codes: string[]) => new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

const employee = employeeRecord.parse({
  companyId: 'c1',
  employeeId: 'e1',
  name: 'Anna',
  surname: 'Ozola',
  cardStatus: 'active',
  cardStatusChangedBy: 'company_user',
  cardStatusChangedAt: '2026-11-01T00:00:00.000Z',
  deviceStatus: 'active',
  cardAccountStatus: 'active',
  status: 'active',
  balanceCents: 0,
  limitCents: 100,
  annualLimitCents: 1_000,
  createdAt: '2026-10-01T00:00:00.000Z',
  version: 3,
});

const block = () =>
  commitEmployeeChange({ employee, set: { cardStatus: 'soft_blocked' }, expect: { cardStatus: 'active' }, actor: systemActor, action: 'card.block' });

describe('committing an employee change against what no emulator does', () => {
  useDummyHandlerEnvironment();
  afterAll(() => dynamoMock.restore());
  beforeEach(() => dynamoMock.reset());

  it('tries the same transaction again when another one held an item, and applies it once', async () => {
    dynamoMock.on(TransactWriteCommand).rejectsOnce(cancelled(['None', 'None', 'TransactionConflict'])).resolves({});
    await expect(block()).resolves.toMatchObject({ cardStatus: 'soft_blocked', status: 'non_active', version: 4 });
    const calls = dynamoMock.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.args[0].input).toEqual(calls[0]?.args[0].input);
  });

  it('answers 409 CONFLICT when the items stay held', async () => {
    dynamoMock.on(TransactWriteCommand).rejects(cancelled(['TransactionConflict', 'None']));
    await expect(block()).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(dynamoMock.commandCalls(TransactWriteCommand)).toHaveLength(5);
  });

  it('does not try again when a condition refused the change', async () => {
    dynamoMock.on(TransactWriteCommand).rejects(cancelled(['ConditionalCheckFailed', 'None']));
    const refusal = await block().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'CONFLICT' });
    expect(dynamoMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});
