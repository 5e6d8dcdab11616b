import { readActivityPage } from './activity-pages';
import { useCase } from '../platform/use-case';
import * as activityRoutes from '@shared/api/routes/activity-routes';

/** Issue 21 "Activity log": one page of the caller's company's audit trail, newest first, after the given cursor. */
export const handler = useCase(activityRoutes.listActivity, async ({ caller, query }) => {
  const { itemsPerPage, cursor, ...filters } = query;
  const page = await readActivityPage({ companyId: caller.companyId, filters, cursor, itemsPerPage });
  return { rows: page.rows, nextCursor: page.nextCursor, ...(page.searchedUntil ? { searchedUntil: page.searchedUntil } : {}) };
});
