import { nextDeviceStatus, type DeviceAction } from '@shared/cards';
import type { Actor } from '../platform/audit';
import { DomainError } from '../platform/errors';
import type { EmployeeRecord } from './employee-records';
import { commitEmployeeChange, readEmployee } from './employee-changes';

/**
 * Blocks or unblocks the employee's app access (device status). It is ours alone: the issuer's card is untouched,
 * and a blocked employee cannot sign in to /card.
 */
export async function changeAppAccess(request: { companyId: string; employeeId: string; action: DeviceAction; actor: Actor }): Promise<EmployeeRecord> {
  const employee = await readEmployee(request.companyId, request.employeeId);
  const next = nextDeviceStatus(employee.deviceStatus, request.action);
  if (!next || employee.cardStatus === 'stopped') throw new DomainError(409, 'DEVICE_ACTION_NOT_ALLOWED');
  return commitEmployeeChange({
    employee,
    set: { deviceStatus: next },
    expect: { deviceStatus: employee.deviceStatus },
    actor: request.actor,
    action: `device.${request.action}`,
  });
}
