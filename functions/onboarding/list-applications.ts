import { queueEntrySchema } from '@shared/onboarding/application';
import { keys } from '../platform/keys';
import { queryAll } from '../platform/table';
import { useCase } from '../platform/use-case';
import * as reviewRoutes from '@shared/api/routes/review-routes';

/** The review queue: waiting applications first, oldest first (the index's sort key orders them). */
export const handler = useCase(reviewRoutes.listApplications, async () => {
  const { gsi1pk } = keys.applicationQueue('');
  const items = await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': gsi1pk } });
  return { rows: items.map((item) => queueEntrySchema.parse(item)) };
});
