import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { setLowBalanceAlert } from './low-balance';
import * as moneyRoutes from '@shared/api/routes/money-routes';

/** Owners set the main account's low-balance alert and whom it e-mails, or turn it off; a threshold above the balance alerts at once. */
export const handler = useCase(moneyRoutes.setLowBalanceAlert, async ({ caller, body }) =>
  setLowBalanceAlert(caller.companyId, body, actorOfCaller(caller, 'company_user')),
);
