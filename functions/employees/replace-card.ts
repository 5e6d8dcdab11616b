import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { changeCard } from '../platform/card-actions';
import { detailOf } from './employee-store';

export const handler = useCase('POST /employees/{employeeId}/card/replace', async ({ caller, params, body }) => {
  const employee = await changeCard({ companyId: caller.companyId, employeeId: params.employeeId, action: 'replace', actor: actorOfCaller(caller, 'company_user'), replacement: body });
  return detailOf(employee);
});
