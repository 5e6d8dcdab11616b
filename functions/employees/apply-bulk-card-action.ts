import type { BulkResult } from '@shared/employees';
import { actorOfCaller } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { changeCard } from '../platform/card-actions';

/** How many employees are changed at once: the issuer is called per card, so a page of 100 does not flood it. */
const parallel = 5;

/**
 * Activates, blocks or unblocks the selected employees' cards, each on its own: one refusal does not stop the
 * others, and the answer says per employee what happened (the cards-activation status modal).
 */
export const handler = useCase('POST /employees/card-actions', async ({ caller, body }) => {
  const actor = actorOfCaller(caller, 'company_user');
  const ids = [...new Set(body.employeeIds)];
  const results: BulkResult['results'] = [];
  for (let start = 0; start < ids.length; start += parallel) {
    const batch = ids.slice(start, start + parallel);
    const settled = await Promise.allSettled(batch.map((employeeId) => changeCard({ companyId: caller.companyId, employeeId, action: body.action, actor })));
    settled.forEach((outcome, index) => {
      const employeeId = batch[index] ?? '';
      if (outcome.status === 'fulfilled') {
        results.push({ employeeId, name: `${outcome.value.name} ${outcome.value.surname}`, ok: true, code: null, cardStatus: outcome.value.cardStatus });
        return;
      }
      if (!(outcome.reason instanceof DomainError)) throw outcome.reason;
      const code = outcome.reason.code === 'EMPLOYEE_NOT_FOUND' && body.action === 'activate' ? 'ACTIVATION_USER_NOT_ACTIVE' : outcome.reason.code;
      results.push({ employeeId, name: null, ok: false, code, cardStatus: null });
    });
  }
  return { results };
});
