import type { MemberCaller } from '../platform/caller';
import { DomainError } from '../platform/errors';
import { keys } from '../platform/keys';
import { companyRecord, type CompanyRecord } from '../platform/identity-records';
import { getItem } from '../platform/table';

/** The caller's current company (never one named in the request, DESIGN section 6). */
export async function currentCompany(caller: MemberCaller): Promise<CompanyRecord> {
  const item = await getItem(keys.company(caller.companyId));
  if (!item) throw new DomainError(403, 'NO_CURRENT_COMPANY');
  return companyRecord.parse(item);
}
