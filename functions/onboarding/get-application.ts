import { useCase } from '../platform/use-case';
import { applicationView, readApplication } from './application-store';
import * as onboardingRoutes from '@shared/api/routes/onboarding-routes';

export const handler = useCase(onboardingRoutes.getApplication, async ({ caller }) => applicationView(await readApplication(caller.companyId)));
