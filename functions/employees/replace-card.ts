import { alertOnLowBalance } from '../money';
import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { changeCard } from './card-actions';
import { detailOf } from './employee-store';
import * as employeeRoutes from '@shared/api/routes/employee-routes';

export const handler = useCase(employeeRoutes.replaceCard, async ({ caller, params, body }) => {
  const employee = await changeCard({ companyId: caller.companyId, employeeId: params.employeeId, action: 'replace', actor: actorOfCaller(caller, 'company_user'), replacement: body });
  // The replacement fee came off the main account.
  await alertOnLowBalance(caller.companyId);
  return detailOf(employee);
});
