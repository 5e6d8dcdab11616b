import * as z from 'zod/mini';
import { keys } from '../platform/keys';
import { queryAll } from '../platform/table';

/** The ids of every approved company (the sparse gsi2 index of active companies): the nightly jobs' list of whom to visit. */
export async function activeCompanyIds(): Promise<string[]> {
  const { gsi2pk } = keys.activeCompany('');
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi2pk },
    ProjectionExpression: 'gsi2sk',
  });
  return items.map((item) => z.string().parse(item.gsi2sk));
}
