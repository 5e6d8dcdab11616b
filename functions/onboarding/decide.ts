import type { AuditFieldValues } from '@shared/activity';
import { actorOfCaller, auditPut } from '../platform/audit';
import type { Caller } from '../platform/caller';
import { companyContacts } from '../users';
import { portalUrl } from '../platform/env';
import { DomainError } from '../platform/errors';
import { emailsPut } from '../platform/outbox';
import { actorOf, readApplication, recordDecision, type Decision } from './application-store';
import { decisionEmails } from './decision-mail';

const decisionActions = { approved: 'application.approve', rejected: 'application.reject', returned: 'application.return' } as const satisfies Record<Decision['action'], string>;

/** What the company's log says of a decision: the reason or comment the provider gave (the company reads it too). */
function decisionFields(decision: Decision): AuditFieldValues {
  if (decision.action === 'rejected') return { reason: decision.reason };
  if (decision.action === 'returned') return { comment: decision.comment };
  return {};
}

/**
 * A decision on an application waiting for review: recorded with who and when (the application's history, and the
 * company's audit log as the provider's admin), and told to the company's users by e-mail in the same transaction.
 * Only a waiting application can be decided, so a second click, or a colleague's decision, is refused.
 */
export async function decide(caller: Caller, companyId: string, decision: Decision) {
  const snapshot = await readApplication(companyId);
  if (snapshot.company.status !== 'pending_approval') throw new DomainError(409, 'APPLICATION_NOT_PENDING');
  const comment = decision.action === 'rejected' ? decision.reason : decision.action === 'returned' ? decision.comment : '';
  const record = auditPut({
    companyId,
    actor: actorOfCaller(caller, 'admin'),
    action: decisionActions[decision.action],
    target: { type: 'company', id: companyId },
    before: {},
    after: decisionFields(decision),
    at: new Date().toISOString(),
  });
  // The e-mails commit with the decision they tell of (the outbox): a second click, refused, tells no one again.
  const emails = decisionEmails(await companyContacts(companyId), decision.action, snapshot.company.name, comment, portalUrl());
  const status = await recordDecision(snapshot, decision, actorOf(caller), record, emailsPut(emails));
  return { status };
}
