import { useCase } from '../platform/use-case';
import { applicationView, readApplication, readHistory } from './application-store';

export const handler = useCase('GET /admin/applications/{companyId}', async ({ params }) => {
  const [snapshot, history] = await Promise.all([readApplication(params.companyId), readHistory(params.companyId)]);
  return { ...applicationView(snapshot), history };
});
