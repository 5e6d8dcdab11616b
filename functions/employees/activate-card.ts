import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { changeCard } from '../platform/card-actions';
import { detailOf } from './employee-store';

export const handler = useCase('POST /employees/{employeeId}/card/activate', async ({ caller, params }) => {
  const employee = await changeCard({ companyId: caller.companyId, employeeId: params.employeeId, action: 'activate', actor: actorOfCaller(caller, 'company_user') });
  return detailOf(employee);
});
