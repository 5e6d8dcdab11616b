/**
 * Query keys that more than one feature reads or changes. Features do not import each other, so a key that a
 * mutation in one feature must invalidate in another lives here, once.
 */

/** GET /accounts/main of the current company: funding confirmations and the dashboard's top-up panel. */
export const mainAccountQueryKey = (companyId: string) => ['main-account', companyId] as const;

/** The employees list and each user page (they sit under it), per company: funding anywhere changes their balances. */
export const employeesQueryKey = (companyId: string) => ['employees', companyId] as const;

/** The company's scheduled fundings (issue 21): their screen and the dashboard's notices read them. */
export const schedulesQueryKey = (companyId: string) => ['funding-schedules', companyId] as const;

/** Everything the dashboard reads, per company, so a client switch never shows the previous company's numbers. */
export const dashboardQueryKey = (companyId: string) => ['dashboard', companyId] as const;

/**
 * Everything the messaging screens read of one company's chats. The navigation's unread badge sits under it, so a
 * chat opened or answered refreshes the badge with the list.
 */
export const chatsQueryKey = (companyId: string) => ['chats', companyId] as const;
/** GET /chats/unread: the company navigation's Messaging badge. */
export const chatUnreadQueryKey = (companyId: string) => [...chatsQueryKey(companyId), 'unread'] as const;

/** Everything the provider's inbox reads, all companies' chats; the console's badge sits under it. */
export const inboxQueryKey = ['inbox'] as const;
/** GET /admin/chats/unread: the console navigation's Messages badge. */
export const inboxUnreadQueryKey = [...inboxQueryKey, 'unread'] as const;

/**
 * The company's API keys (Integrations) and, under it, one member's live keys (Settings > Team's removal dialog, issue
 * 30): a removal that revokes keys refreshes the key list, and a key revoked in Integrations leaves the dialog.
 */
export const apiKeysQueryKey = (companyId: string) => ['api-keys', companyId] as const;
export const memberApiKeysQueryKey = (companyId: string, userId: string) => [...apiKeysQueryKey(companyId), 'member', userId] as const;

/** The team list (settings, and the low-balance alert's recipients): per company, so a switch never shows the previous company's team. */
export const teamQueryKey = (companyId: string) => ['team', companyId] as const;

/**
 * Dual approval (issue 35): everything read of the company's approval requests. The navigation's badge and the
 * dashboard's notice sit under it, so a decision on /approvals (or a funding sent for approval) refreshes them too.
 */
export const approvalsQueryKey = (companyId: string) => ['approvals', companyId] as const;
/** GET /approvals?state=pending, first page: its awaitingYouCount is the badge's and the dashboard notice's number. */
export const awaitingApprovalsQueryKey = (companyId: string) => [...approvalsQueryKey(companyId), 'awaiting-you'] as const;
/** GET /approval-rules: Settings > Approvals, and Add funds (whether the typed amount waits). */
export const approvalRulesQueryKey = (companyId: string) => ['approval-rules', companyId] as const;
