/**
 * Query keys that more than one feature reads or changes. Features do not import each other, so a key that a
 * mutation in one feature must invalidate in another lives here, once.
 */

/** GET /accounts/main of the current company: funding confirmations and the dashboard's top-up panel. */
export const mainAccountQueryKey = (companyId: string) => ['main-account', companyId] as const;

/** Everything the dashboard reads, per company, so a client switch never shows the previous company's numbers. */
export const dashboardQueryKey = (companyId: string) => ['dashboard', companyId] as const;
