import { useCase } from '../platform/use-case';
import { applicationView, readApplication, readHistory } from './application-store';
import * as reviewRoutes from '@shared/api/routes/review-routes';

export const handler = useCase(reviewRoutes.getReview, async ({ params }) => {
  const [snapshot, history] = await Promise.all([readApplication(params.companyId), readHistory(params.companyId)]);
  return { ...applicationView(snapshot), history };
});
