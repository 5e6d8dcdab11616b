import { useCase } from '../platform/use-case';
import { applicationView, readApplication } from './application-store';

export const handler = useCase('GET /onboarding', async ({ caller }) => applicationView(await readApplication(caller.companyId)));
