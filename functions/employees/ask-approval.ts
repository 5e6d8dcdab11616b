import type { ApprovalRules, ApprovalUserChange, AwaitingApprovalAnswer } from '@shared/approvals';
import { userChangeRequestItems } from '../approvals';
import { actorOfCaller } from '../platform/audit';
import type { MemberCaller } from '../platform/caller';
import { transact } from '../platform/table';

/**
 * A change of a user the owners chose to approve (issue 35) recorded as waiting, with nothing changed: asked in the
 * caller's name (a key's in its maker's, who may not approve it), answered 202 with the request.
 */
export async function askApproval(caller: MemberCaller, rules: ApprovalRules, kind: 'addUser' | 'changePhone' | 'raiseLimit', change: ApprovalUserChange): Promise<AwaitingApprovalAnswer> {
  const request = await userChangeRequestItems({
    companyId: caller.companyId,
    requester: actorOfCaller(caller, 'company_user'),
    requesterUserId: caller.apiKey?.createdBy ?? caller.userId,
    viaApiKey: caller.apiKey !== undefined,
    kind,
    change,
    rules,
    at: new Date(),
  });
  await transact(request.items);
  return request.answer;
}
