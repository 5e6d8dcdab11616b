import type { BulkCardAction, BulkResult } from '@shared/employees';
import type { ErrorCode } from '@shared/errors';
import { actorOfCaller } from '../platform/audit';
import { changeCard } from './card-actions';
import { DomainError } from '../platform/errors';
import { keys } from '../platform/keys';
import { logger } from '../platform/logger';
import { employeeRecord } from './employee-records';
import { batchGetItems } from '../platform/table';
import { useCase } from '../platform/use-case';
import * as employeeRoutes from '@shared/api/routes/employee-routes';

/** How many employees are changed at once: the issuer is called per card, so a page of 100 does not flood it. */
const parallel = 5;

/**
 * Activates, blocks or unblocks the selected employees' cards, each on its own: one refusal does not stop the
 * others, and the answer says per employee what happened (the cards-activation status modal).
 */
export const handler = useCase(employeeRoutes.applyBulkCardAction, async ({ caller, body }) => {
  const actor = actorOfCaller(caller, 'company_user');
  const ids = [...new Set(body.employeeIds)];
  const names = await namesOf(caller.companyId, ids);
  const results: BulkResult['results'] = [];
  for (let start = 0; start < ids.length; start += parallel) {
    const batch = ids.slice(start, start + parallel);
    const settled = await Promise.allSettled(batch.map((employeeId) => changeCard({ companyId: caller.companyId, employeeId, action: body.action, actor })));
    settled.forEach((outcome, index) => {
      const employeeId = batch[index] ?? '';
      const name = names.get(employeeId) ?? null;
      if (outcome.status === 'fulfilled') {
        results.push({ employeeId, name, ok: true, code: null, cardStatus: outcome.value.cardStatus });
        return;
      }
      results.push({ employeeId, name, ok: false, code: refusalCode(outcome.reason, body.action, employeeId), cardStatus: null });
    });
  }
  return { results };
});

/**
 * Why one employee's change did not happen. The others may have been changed already, so an unexpected failure is
 * reported for its employee instead of failing the whole answer and hiding what was done.
 */
function refusalCode(reason: unknown, action: BulkCardAction, employeeId: string): ErrorCode {
  if (!(reason instanceof DomainError)) {
    logger.error('bulk card action failed', { action, employeeId, error: String(reason) });
    return 'SERVICE_UNAVAILABLE';
  }
  return reason.code === 'EMPLOYEE_NOT_FOUND' && action === 'activate' ? 'ACTIVATION_USER_NOT_ACTIVE' : reason.code;
}

/** The selected employees' names for the status modal, a refused one's too; ids of no employee have none. */
async function namesOf(companyId: string, employeeIds: string[]): Promise<Map<string, string>> {
  const found = await batchGetItems(employeeIds.map((employeeId) => keys.employee(companyId, employeeId)));
  const names = new Map<string, string>();
  for (const item of found.values()) {
    const employee = employeeRecord.parse(item);
    names.set(employee.employeeId, `${employee.name} ${employee.surname}`);
  }
  return names;
}
