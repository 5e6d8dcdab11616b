import type { Caller } from '../platform/caller';
import { DomainError } from '../platform/errors';
import { getItem } from '../platform/table';
import { keys } from '../platform/keys';
import { companyRecord, type CompanyRecord } from '../platform/records';

/** A member route's company: the caller's current one, never one named in the request (DESIGN section 6). */
export function requireCompany(caller: Caller): string {
  if (!caller.companyId) throw new DomainError(403, 'NO_CURRENT_COMPANY');
  return caller.companyId;
}

export async function currentCompany(caller: Caller): Promise<CompanyRecord> {
  const item = await getItem(keys.company(requireCompany(caller)));
  if (!item) throw new DomainError(403, 'NO_CURRENT_COMPANY');
  return companyRecord.parse(item);
}
