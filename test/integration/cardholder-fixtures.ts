import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { entities, keys } from '@functions/platform/keys';
import type { FixtureCloud, FixtureEmployee } from './company-fixtures';

/** Gives the employee's phone to the /card sign-in, as adding the employee through the API does. */
export async function claimCardholderPhone(cloud: FixtureCloud, companyId: string, employee: FixtureEmployee): Promise<void> {
  await cloud.table.send(
    new PutCommand({
      TableName: cloud.tableName,
      Item: { ...keys.cardholderPhoneClaim(employee.phone), entity: entities.cardholderPhoneClaim, phone: employee.phone, companyId, employeeId: employee.employeeId },
    }),
  );
}

/** Lets the phone ask for a new /card code at once: the 30 seconds between codes are tested on their own. */
export async function allowNextCardCode(cloud: FixtureCloud, phone: string): Promise<void> {
  await cloud.table
    .send(
      new UpdateCommand({
        TableName: cloud.tableName,
        Key: keys.cardholderSignInCode(phone),
        UpdateExpression: 'SET requestedAt = :long_ago',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':long_ago': Date.now() - 60_000 },
      }),
    )
    .catch(() => undefined);
}
