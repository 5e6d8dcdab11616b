import { rigaDateOf } from '@shared/dates';
import { startExport } from '../exports';
import { countActivity } from './activity-pages';
import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import * as activityRoutes from '@shared/api/routes/activity-routes';

/**
 * The records an estimate counts at most. The log keeps no count (a counter written by every audited change would be
 * one more item, and one more hot item, in each of their transactions), so a request reads at most this many keys to
 * estimate; a longer file is e-mailed when its countdown is over, as every late file is.
 */
const estimateCountBound = 5_000;

/** SPEC section 4 "Background export" for the activity log: the filtered records as a CSV, made by the exports worker. */
export const handler = useCase(activityRoutes.exportActivity, async ({ caller, query }) => {
  const { lang, ...filters } = query;
  return startExport({
    companyId: caller.companyId,
    kind: 'activity',
    filters,
    lang,
    fileName: `activity-${rigaDateOf(new Date())}.csv`,
    estimatedRows: await countActivity(caller.companyId, filters, estimateCountBound),
    requestedBy: { userId: caller.userId, email: caller.profile.email },
    actor: actorOfCaller(caller, 'company_user'),
  });
});
