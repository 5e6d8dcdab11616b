import { normaliseLanguage } from '@shared/languages';
import { useCase } from '../platform/use-case';
import { saveLanguage } from './user-repository';

export const handler = useCase('PATCH /users/language', async ({ caller, body }) => {
  const language = normaliseLanguage(body.language);
  await saveLanguage(caller.userId, language);
  return { language };
});
