import * as z from 'zod/mini';
import { keys } from '../platform/keys';
import { queryAll } from '../platform/table';
import { logger, scheduledRun } from '../platform/logger';
import { readableError } from '../platform/readable-error';
import { closeAuthorization } from './authorization-store';

export interface ReleaseSummary {
  expired: number;
  alreadyClosed: number;
}

/** EventBridge's scheduled event: only its time is read. */
const scheduledEventSchema = /* @__PURE__ */ z.object({ time: z.iso.datetime() });

/** The scheduled job (every 15 minutes): releases what expired up to the moment the schedule fired. */
export const handler = scheduledRun(async (event): Promise<ReleaseSummary> => {
  const now = new Date(scheduledEventSchema.parse(event).time);
  const summary = await releaseExpiredAuthorizations(now);
  logger.info('expired authorizations released', { ...summary });
  return summary;
});

const openEntry = /* @__PURE__ */ z.object({ authorizationId: z.string() });

/** Different cards' releases touch different employees; a company's share its counters item, so only a few at once. */
const releasesAtOnce = 4;

/**
 * Releases every open authorization whose expiry has passed (gsi2, oldest first): its reservation goes back to the
 * card's available balance and its transaction becomes Reversed, as a reversal would. An authorization settled or
 * reversed meanwhile is skipped (closing happens once). A failure leaves the rest to be done and fails the run, so
 * the next run (or the scheduler's retry) finishes them.
 */
export async function releaseExpiredAuthorizations(now: Date = new Date()): Promise<ReleaseSummary> {
  const { gsi2pk } = keys.openAuthorization('', '');
  const due = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :open AND gsi2sk < :now',
    ExpressionAttributeValues: { ':open': gsi2pk, ':now': now.toISOString() },
    ProjectionExpression: 'authorizationId',
  });
  const queue = due.map((item) => openEntry.parse(item).authorizationId);
  const summary: ReleaseSummary = { expired: 0, alreadyClosed: 0 };
  const failures: unknown[] = [];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        if (await closeAuthorization(id, { kind: 'expired' }, now)) summary.expired += 1;
        else summary.alreadyClosed += 1;
      } catch (error) {
        failures.push(error);
        logger.error('authorization not released', { authorizationId: id, error: await readableError(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: releasesAtOnce }, worker));
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} expired authorizations were not released`);
  return summary;
}
