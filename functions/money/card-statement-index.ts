import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../platform/aws/dynamo';
import { entities, keys } from '../platform/keys';
import { changeEachScanned, conditionFailed, tableName } from '../platform/table';
import { employeeOfAccount } from './ledger';
import { ledgerEntryRecord } from './money-records';

/**
 * Issue 32's migration: gives the card legs written before the card statement (gsi1, ledger.ts) their place in it, so
 * an employee's /card history shows the money she received before then too. Only what ledger.ts indexes today is
 * indexed (a card leg that is not a settled card payment), each once: a leg that has its key is passed over, and a
 * second run finds nothing. Answers how many it indexed.
 */
export async function indexCardStatements(): Promise<number> {
  return changeEachScanned(
    {
      FilterExpression: 'entity = :ledger AND begins_with(account, :card) AND kind <> :payment AND attribute_not_exists(gsi1pk)',
      ExpressionAttributeValues: { ':ledger': entities.ledgerEntry, ':card': 'employee:', ':payment': 'card_payment' },
    },
    indexLeg,
  );
}

async function indexLeg(item: Record<string, unknown>): Promise<boolean> {
  const leg = ledgerEntryRecord.parse(item);
  const employeeId = employeeOfAccount(leg.account);
  const legIndex = Number(String(item.sk).split('#').at(-1));
  if (employeeId === null || !Number.isInteger(legIndex)) return false;
  const { gsi1pk, gsi1sk } = keys.employeeLedgerEntry(leg.companyId, employeeId, leg.at, leg.movementId, legIndex);
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi1pk)',
        ExpressionAttributeValues: { ':pk': gsi1pk, ':sk': gsi1sk },
      }),
    );
    return true;
  } catch (error) {
    // Indexed meanwhile by another segment's run of the job: done either way.
    if (conditionFailed(error)) return false;
    throw error;
  }
}
