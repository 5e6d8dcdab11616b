import type { Caller } from '../platform/caller';
import { companyContacts } from '../users';
import { env } from '../platform/env';
import { DomainError } from '../platform/errors';
import { sendEmails } from '../platform/mailer';
import { actorOf, readApplication, recordDecision, type Decision } from './application-store';
import { decisionEmails } from './decision-mail';

/**
 * A decision on an application waiting for review: recorded with who and when, then told to the company's users.
 * Only a waiting application can be decided, so a second click, or a colleague's decision, is refused.
 */
export async function decide(caller: Caller, companyId: string, decision: Decision) {
  const snapshot = await readApplication(companyId);
  if (snapshot.company.status !== 'pending_approval') throw new DomainError(409, 'APPLICATION_NOT_PENDING');
  const status = await recordDecision(snapshot, decision, actorOf(caller));
  const comment = decision.action === 'rejected' ? decision.reason : decision.action === 'returned' ? decision.comment : '';
  await sendEmails(decisionEmails(await companyContacts(companyId), decision.action, snapshot.company.name, comment, env().PORTAL_URL));
  return { status };
}
