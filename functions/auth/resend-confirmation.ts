import { useCase } from '../platform/use-case';
import { resendConfirmation } from './cognito-accounts';
import * as accountRoutes from '@shared/api/routes/account-routes';

export const handler = useCase(accountRoutes.resendConfirmation, async ({ body }) => {
  await resendConfirmation(body.email.toLowerCase());
  return { ok: true as const };
});
