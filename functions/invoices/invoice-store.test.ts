import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useDummyHandlerEnvironment } from '../../test/unit-test-env';
import { invoiceRecord } from './invoice-records';
import { issueNumbered } from './invoice-store';

// DynamoDB Local runs transactions one at a time and never answers TransactionConflict: that retry is only reachable here.
const dynamoMock = mockClient(DynamoDBDocumentClient);
const cancelled = (codes: string[]) => new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

const recordOf = (number: string, issuedAt: Date) =>
  invoiceRecord.parse({
    companyId: 'c1',
    number,
    kind: 'invoice',
    issuedAt: issuedAt.toISOString(),
    issueDate: '2026-11-01',
    period: '2026-10',
    language: 'lv',
    seller: { name: 'Bonus Card SIA', registrationNumber: '40003000001', vatNumber: null, address: 'Rīga', bankName: 'Bank', iban: 'LV80BANK0000435195001', bic: 'HABALV22' },
    buyer: { name: 'Ģērķēni SIA', registrationNumber: '40203555333', vatNumber: null, address: 'Rīga' },
    lines: [{ kind: 'monthly_fee', quantity: 1, unitPriceCents: 150, netCents: 150 }],
    vatRateBasisPoints: 2_100,
    vatExemption: null,
    netCents: 150,
    vatCents: 32,
    totalCents: 182,
  });

describe('issueNumbered against what no emulator does', () => {
  useDummyHandlerEnvironment();
  afterAll(() => dynamoMock.restore());
  beforeEach(() => dynamoMock.reset());

  it('reads the counter again and takes the next number after another writer took its number or held the counter', async () => {
    dynamoMock.on(GetCommand).resolvesOnce({ Item: { lastNumber: 6 } }).resolvesOnce({ Item: { lastNumber: 7 } }).resolves({ Item: { lastNumber: 7 } });
    dynamoMock
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(['ConditionalCheckFailed', 'None']))
      .rejectsOnce(cancelled(['TransactionConflict', 'None']))
      .resolves({});
    const record = await issueNumbered((number, issuedAt) => ({ record: recordOf(number, issuedAt), with: [] }));
    expect(record.number).toMatch(/^\d{4}-000008$/);
    const writes = dynamoMock.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);
    expect(writes).toHaveLength(3);
    // Each try sets the counter to the number it writes, only if it still holds the one read.
    expect(writes[0]?.[0]?.Put).toMatchObject({ Item: { lastNumber: 7 }, ConditionExpression: 'lastNumber = :read', ExpressionAttributeValues: { ':read': 6 } });
    expect(writes[2]?.[0]?.Put).toMatchObject({ Item: { lastNumber: 8 }, ExpressionAttributeValues: { ':read': 7 } });
    expect(writes[2]?.[1]?.Put?.Item).toMatchObject({ number: record.number, sk: `INVOICE#${record.number}`, gsi1pk: 'PROVIDER#INVOICES' });
  });

  it('starts a year without a counter at 1, written only if absent', async () => {
    dynamoMock.on(GetCommand).resolves({});
    dynamoMock.on(TransactWriteCommand).resolves({});
    const record = await issueNumbered((number, issuedAt) => ({ record: recordOf(number, issuedAt), with: [] }));
    expect(record.number).toMatch(/^\d{4}-000001$/);
    expect(dynamoMock.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems?.[0]?.Put).toMatchObject({ Item: { lastNumber: 1 }, ConditionExpression: 'attribute_not_exists(pk)' });
  });

  it("answers the refusal of an item that goes with the document (the month's claim) without trying again", async () => {
    dynamoMock.on(GetCommand).resolves({ Item: { lastNumber: 3 } });
    dynamoMock.on(TransactWriteCommand).rejects(cancelled(['None', 'None', 'ConditionalCheckFailed']));
    class Claimed extends Error {}
    const claim = { Put: { TableName: 't', Item: { pk: 'COMPANY#c1', sk: 'INVOICE_MONTH#2026-10' }, ConditionExpression: 'attribute_not_exists(pk)' } };
    await expect(issueNumbered((number, issuedAt) => ({ record: recordOf(number, issuedAt), with: [claim], refusals: { 0: new Claimed() } }))).rejects.toBeInstanceOf(Claimed);
    expect(dynamoMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});
