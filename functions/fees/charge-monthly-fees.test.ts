import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { chargeMonthlyFees, handler } from './charge-monthly-fees';
import { useDummyHandlerEnvironment } from '../../test/unit-test-env';

// DynamoDB Local runs transactions one at a time and never answers TransactionConflict (tried with two runs and
// parallel writers on the same main account): the retry on a conflict is only reachable here.
const dynamoMock = mockClient(DynamoDBDocumentClient);
const sqsMock = mockClient(SQSClient);

const cancelled = (codes: string[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

describe('chargeMonthlyFees against what no emulator does', () => {
  useDummyHandlerEnvironment();
  afterAll(() => {
    dynamoMock.restore();
    sqsMock.restore();
  });
  beforeEach(() => {
    dynamoMock.reset();
    sqsMock.reset();
    sqsMock.on(SendMessageBatchCommand).resolves({ Successful: [{ Id: '0', MessageId: 'm', MD5OfMessageBody: '' }], Failed: [] });
    dynamoMock.on(GetCommand).resolves({});
    dynamoMock.on(QueryCommand).resolves({ Items: [{ employeeId: 'e1', name: 'Anna', surname: 'Ozola', cardStatus: 'soft_blocked' }] });
    dynamoMock.on(QueryCommand, { IndexName: 'gsi2' }).resolves({ Items: [{ gsi2sk: 'c1' }] });
  });

  it('tries a charge again when another writer held the main account, and charges it once', async () => {
    dynamoMock.on(TransactWriteCommand).rejectsOnce(cancelled(['None', 'None', 'TransactionConflict', 'None', 'None'])).resolves({});
    expect(await chargeMonthlyFees('2026-11')).toEqual({ companies: 1, charged: 1, alreadyCharged: 0, invoicedMonth: '2026-10' });
    expect(dynamoMock.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('reads a refused charge record as already charged, not as a failure', async () => {
    dynamoMock.on(TransactWriteCommand).rejects(cancelled(['ConditionalCheckFailed', 'None', 'None', 'None', 'None']));
    expect(await chargeMonthlyFees('2026-11')).toEqual({ companies: 1, charged: 0, alreadyCharged: 1, invoicedMonth: '2026-10' });
  });

  it('finishes the other charges and then fails the run when one cannot be written', async () => {
    dynamoMock.on(QueryCommand).resolves({
      Items: [
        { employeeId: 'e1', name: 'Anna', surname: 'Ozola', cardStatus: 'active' },
        { employeeId: 'e2', name: 'Jānis', surname: 'Bērziņš', cardStatus: 'active' },
      ],
    });
    dynamoMock.on(QueryCommand, { IndexName: 'gsi2' }).resolves({ Items: [{ gsi2sk: 'c1' }] });
    dynamoMock.on(TransactWriteCommand).rejectsOnce(new Error('network down')).resolves({});
    await expect(chargeMonthlyFees('2026-11')).rejects.toThrow('1 monthly fees of 2026-11 were not charged');
    expect(dynamoMock.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it("charges the month the schedule fired in, on the Riga clock, and refuses an event without a time", async () => {
    dynamoMock.on(TransactWriteCommand).resolves({});
    await handler({ 'detail-type': 'Scheduled Event', time: '2026-10-31T22:30:00Z' });
    const charge = dynamoMock.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems?.[0]?.Put?.Item;
    expect(charge).toMatchObject({ month: '2026-11', sk: 'FEE#2026-11#e1' });
    await expect(handler({ 'detail-type': 'Scheduled Event' })).rejects.toThrow();
  });

  it("asks for each company's invoice of the month before, and fails the run (to be retried) when they cannot be queued", async () => {
    dynamoMock.on(TransactWriteCommand).resolves({});
    await chargeMonthlyFees('2026-01');
    const sent = sqsMock.commandCalls(SendMessageBatchCommand)[0]?.args[0].input.Entries?.map((entry) => JSON.parse(entry.MessageBody ?? '{}') as unknown);
    expect(sent).toEqual([{ kind: 'month', companyId: 'c1', month: '2025-12' }]);
    sqsMock.on(SendMessageBatchCommand).rejects(new Error('queue down'));
    await expect(chargeMonthlyFees('2026-02')).rejects.toThrow('0 monthly fees of 2026-02 were not charged; the invoices of 2026-01 were not queued');
    // The fees were charged all the same.
    expect(dynamoMock.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });
});
