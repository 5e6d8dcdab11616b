import { useCase } from '../platform/use-case';
import { mainAccountView } from './main-account-view';
import * as moneyRoutes from '@shared/api/routes/money-routes';

export const handler = useCase(moneyRoutes.getMainAccount, async ({ caller }) => mainAccountView(caller.companyId));
