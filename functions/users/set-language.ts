import { normaliseLanguage } from '@shared/languages';
import { useCase } from '../platform/use-case';
import { saveLanguage } from './user-repository';
import * as sessionRoutes from '@shared/api/routes/session-routes';

export const handler = useCase(sessionRoutes.setLanguage, async ({ caller, body }) => {
  const language = normaliseLanguage(body.language);
  await saveLanguage(caller.userId, language);
  return { language };
});
