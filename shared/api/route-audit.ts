import type { ActivityAction } from '../activity';
import type { routes } from './manifest';

type Route = (typeof routes)[number];

/** Every handler of a route that changes something by its method: one decision each below, or the typecheck fails. */
export type MutatingHandler = Extract<Route, { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' }>['handler'];
export type ReadingHandler = Extract<Route, { method: 'GET' }>['handler'];

/**
 * What a route writes to the audit trail (issue 31): the actions a call writes at least one of, in the transaction of
 * its change (`when` says which calls, where not every successful one changes anything), or why it writes none.
 */
export type AuditDecision = { readonly records: readonly [ActivityAction, ...ActivityAction[]]; readonly when?: string } | { readonly exempt: string };

const staged = 'A staged upload (a record the table\'s TTL removes and bytes the bucket\'s rule removes) that changes nothing until a message or a confirmation claims it, which is what is recorded.';
const readMark = "Marks a chat read for the reader's own side (an unread badge and a pending e-mail notice): no one's data changes.";

/**
 * Every mutating route of the manifest, by handler (DESIGN section 6: "a test over the manifest proves each mutating
 * route writes one or names why not"). test/integration/audit-trail.test.ts calls each recorded one and reads the
 * company's audit partition; an exempt one names why it changes nothing a finance person answers for.
 */
export const routeAudit = {
  'users/log-out': { records: ['user.sign_out'] },
  'users/log-out-everywhere': { records: ['user.sign_out_all'] },
  'users/set-language': { exempt: "The person's own display language: a preference, no company's state." },
  'users/switch-client': { exempt: 'Only the company a new tab opens with (DESIGN section 6): the person\'s own default; every request names the company it acts on.' },
  'auth/confirm-email': { records: ['user.email_confirmed'] },
  'auth/request-password-reset': { exempt: 'Asks Cognito to e-mail a reset code: nothing changes until the code is used (auth/reset-password is recorded), and the answer may not tell whether the address has an account.' },
  'auth/resend-confirmation': { exempt: 'E-mails the confirmation code again: nothing changes until it is used (auth/confirm-email is recorded).' },
  'auth/reset-password': { records: ['user.password_reset'] },
  'auth/sign-up': { records: ['company.sign_up'] },
  'auth/confirm-phone': { records: ['user.phone_set'] },
  'auth/request-phone-code': { exempt: 'Texts a code to the phone being set up: the phone becomes the person\'s only with the code (auth/confirm-phone is recorded).' },
  'users/change-member-role': { records: ['team.role_change'], when: 'the role differs from the one the member has' },
  'users/invite-member': { records: ['team.invite'] },
  'users/remove-member': { records: ['team.remove', 'apiKey.revoke'] },
  'users/resend-invitation': { records: ['team.invitation_resend'] },
  'onboarding/confirm-document': { records: ['document.upload'], when: 'the stored bytes are accepted (a refused file is deleted with its staged record)' },
  'onboarding/create-document-upload': { exempt: staged },
  'onboarding/delete-document': { records: ['document.delete'] },
  'onboarding/save-step': { records: ['application.save', 'application.submit'] },
  'onboarding/approve-application': { records: ['application.approve'] },
  'onboarding/reject-application': { records: ['application.reject'] },
  'onboarding/return-application': { records: ['application.return'] },
  'money/set-low-balance-alert': { records: ['lowBalance.threshold'] },
  'employees/activate-card': { records: ['card.activate'] },
  'employees/add-employee': { records: ['employee.add'] },
  'approvals/set-approval-rules': { records: ['approval.rules_change'] },
  'approvals/approve-request': { records: ['approval.approve', 'funds.add'], when: 'the request waits and the caller may decide it (the funding it asked for, with it); a refused approval changes nothing' },
  'approvals/reject-request': { records: ['approval.reject'], when: 'the request waits and the caller may decide it' },
  'employees/upload-employee-import': { exempt: 'A preview: the file is stored and checked and nothing is created; applying it is recorded (employees/apply-employee-import), and each employee with the employee (by the import worker).' },
  'employees/apply-employee-import': { records: ['employee.import'], when: 'the import is a preview or failed (any other is only read); each employee created is recorded by the import worker (employee.add)' },
  'employees/apply-bulk-card-action': { records: ['card.activate', 'card.block', 'card.unblock'], when: 'per employee whose card changed' },
  'employees/block-app-access': { records: ['device.block'] },
  'employees/block-card': { records: ['card.block'] },
  'employees/change-employee-phone': { records: ['phone.change'] },
  'employees/close-card': { records: ['card.close'] },
  'employees/lift-sign-in-lock': { records: ['device.sign_in_unlocked'] },
  'employees/replace-card': { records: ['card.replace'] },
  'employees/set-employee-limits': { records: ['limits.change'] },
  'employees/terminate-product': { records: ['card.terminate'] },
  'employees/unblock-app-access': { records: ['device.unblock'] },
  'employees/unblock-card': { records: ['card.unblock'] },
  'employees/receive-issuer-event': {
    records: ['issuer.card.delivered', 'issuer.card.suspended', 'issuer.card.blocked', 'issuer.card.reactivated', 'issuer.card.expired', 'issuer.card.removed'],
    when: 'the event changes a card (an event id seen before changes nothing)',
  },
  'fees/set-price-list': { records: ['prices.change'], when: "always, in the provider's own trail (company id PROVIDER): a price list is no one company's" },
  'cardholders/block-own-card': { records: ['card.block'] },
  'cardholders/request-sign-in-code': { exempt: 'Texts a one-time code (to an unknown phone it stores an unusable one alike): nothing of a card, its app access or a company changes until the code signs in (cardholders/start-session is recorded).' },
  'cardholders/start-session': { records: ['device.sign_in', 'device.sign_in_locked'], when: 'the code is right (a sign-in), or wrong once too often (a lock)' },
  'cardholders/end-session': { records: ['device.sign_out'] },
  'cardholders/unblock-own-card': { records: ['card.unblock'] },
  'authorizations/authorize-payment': { records: ['authorization.approved'], when: "the payment is approved (a declined one moves no money; its decision is kept for the issuer's replays)" },
  'authorizations/receive-authorization-event': { records: ['authorization.settled', 'authorization.reversed'], when: 'the authorization is still open (a replayed event changes nothing)' },
  'funding/apply-funding-file': { records: ['fundingFile.apply', 'funds.add'], when: 'the file is still a preview (a second request reads its progress)' },
  'funding/fund-employee': { records: ['funds.add', 'approval.request'], when: 'funds.add when it moves money; approval.request instead when the amount is above the company\'s approval rule (issue 35)' },
  'funding/retry-funding-file': { records: ['fundingFile.retry'], when: 'the file failed (any other is only read)' },
  'funding/upload-funding-file': { exempt: 'A preview: the file is stored and checked and nothing moves; applying it is recorded (funding/apply-funding-file), and each credit with the credit.' },
  'funding/create-funding-schedule': { records: ['fundingSchedule.create'] },
  'funding/delete-funding-schedule': { records: ['fundingSchedule.delete'] },
  'funding/preview-funding-schedule': { exempt: 'What a rule being written would pay on its first run: nothing is saved.' },
  'funding/set-funding-schedule-state': { records: ['fundingSchedule.pause', 'fundingSchedule.resume'], when: 'the state changes' },
  'funding/start-funding-schedule-run': { records: ['fundingSchedule.run', 'fundingSchedule.refused'] },
  'funding/update-funding-schedule': { records: ['fundingSchedule.update'] },
  'top-ups/assign-bank-transfer': { records: ['main_account.top_up'] },
  'top-ups/import-bank-statement': { records: ['main_account.top_up'], when: 'a line matches a company (a transfer that matches none is no company\'s yet; its assignment is recorded)' },
  'top-ups/record-bank-transfer': { records: ['main_account.top_up'], when: 'it matches a company (as a statement line)' },
  'reports/delete-reports': { records: ['report.delete'], when: "per report of the caller's company among the ids" },
  'reports/generate-report': { records: ['report.request'] },
  'invoices/issue-credit-note': { records: ['invoice.credit_note'] },
  'messaging/create-attachment-upload': { exempt: staged },
  'messaging/create-chat': { records: ['chat.open'] },
  'messaging/create-inbox-attachment-upload': { exempt: staged },
  'messaging/mark-chat-read': { exempt: readMark },
  'messaging/mark-inbox-chat-read': { exempt: readMark },
  'messaging/post-inbox-message': { exempt: "A message is itself a dated record of who wrote what in the chat's history, never edited or deleted, which the company reads; the provider writing changes no chat's state." },
  'messaging/post-message': { records: ['chat.reopen'], when: "the company writes in a closed chat; any other message is itself a dated record of who wrote what in the chat's history, never edited or deleted" },
  'messaging/set-inbox-chat-status': { records: ['chat.close', 'chat.reopen'], when: 'the status changes' },
  'integrations/create-api-key': { records: ['apiKey.create'] },
  'integrations/revoke-api-key': { records: ['apiKey.revoke'] },
  'webhooks/create-webhook-endpoint': { records: ['webhook.create'] },
  'webhooks/delete-webhook-endpoint': { records: ['webhook.delete'] },
  'webhooks/redeliver-webhook': { records: ['webhook.redeliver'], when: 'no attempt holds the delivery at that moment' },
  'webhooks/rotate-webhook-secret': { records: ['webhook.rotate_secret'] },
  'webhooks/send-test-event': { records: ['webhook.test'] },
  'webhooks/update-webhook-endpoint': { records: ['webhook.update'] },
} as const satisfies Record<MutatingHandler, AuditDecision>;

/** Reads that change state too, held to the same rule. */
export const readsThatChangeState = {
  'transactions/request-transactions-export': { records: ['export.request'] },
  'activity/request-activity-export': { records: ['export.request'] },
  'users/get-profile': {
    records: ['user.sign_in', 'team.join'],
    when: "a session's first profile load (its sign-in: functions/users/sign-ins.ts), and the first after an invitation",
  },
} as const satisfies Partial<Record<ReadingHandler, AuditDecision>>;

export type AuditedHandler = { [H in keyof typeof routeAudit]: (typeof routeAudit)[H] extends { records: unknown } ? H : never }[keyof typeof routeAudit] | keyof typeof readsThatChangeState;
