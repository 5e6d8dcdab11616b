import { eachOnItsOwn } from './each-on-its-own';
import { workDeadlineSeconds, type QueueRole } from './queue-work';
import { queryAll } from './table';

/**
 * Work a queue's worker is running (a funding file, an employee import, an export or report) has a place in a sparse
 * gsi2 index while it runs, by the time it must be done: its key in keys.ts (runningFundingFile and the like) takes
 * the deadline and the work's ids. The deadline job (exports/fail-overdue-work) reads the places past their deadline
 * and each context ends its own work as it ends it otherwise.
 */
export type RunningKeyOf = (deadline: string, companyId: string, id: string) => { gsi2pk: string; gsi2sk: string };

/** The work's place, due when every receipt of its queue could have been worked (workDeadlineSeconds). */
export function runningKeys(keyOf: RunningKeyOf, queue: QueueRole, companyId: string, id: string, now: Date = new Date()): { gsi2pk: string; gsi2sk: string } {
  return keyOf(new Date(now.getTime() + workDeadlineSeconds(queue) * 1000).toISOString(), companyId, id);
}

/** The place as the values of an update that writes `gsi2pk = :runningPk, gsi2sk = :runningSk`. */
export function runningValues(keyOf: RunningKeyOf, queue: QueueRole, companyId: string, id: string): { ':runningPk': string; ':runningSk': string } {
  const { gsi2pk, gsi2sk } = runningKeys(keyOf, queue, companyId, id);
  return { ':runningPk': gsi2pk, ':runningSk': gsi2sk };
}

/**
 * Ends every work past its deadline (due first) with `end`, each on its own: one that cannot be ended is logged (with
 * `work` naming it) and counted, and the others are still ended. `projection` names the attributes `parse` reads.
 * Answers how many `end` ended and how many it could not.
 */
export async function endOverdueWork<T extends Record<string, string>>(
  keyOf: RunningKeyOf,
  now: Date,
  read: { projection: string; parse: (item: unknown) => T; work: string },
  end: (work: T) => Promise<boolean>,
): Promise<{ failed: number; notEnded: number }> {
  const { gsi2pk } = keyOf('', '', '');
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :running AND gsi2sk < :now',
    ExpressionAttributeValues: { ':running': gsi2pk, ':now': now.toISOString() },
    ProjectionExpression: read.projection,
  });
  const overdue = items.map(read.parse);
  const { done, errors } = await eachOnItsOwn(overdue, end, (work) => ({ ...work, work: read.work }));
  return { failed: done, notEnded: errors };
}
