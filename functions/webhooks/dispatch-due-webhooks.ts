import * as z from 'zod/mini';
import { logger, scheduledRun } from '../platform/logger';
import { dispatchDueDeliveries } from './deliveries';

const scheduledEventSchema = /* @__PURE__ */ z.object({ time: z.iso.datetime() });

/**
 * The webhook dispatcher (every minute): queues every delivery whose next attempt is due, the retries hours apart
 * that no message waits for, and any an attempt that died left behind.
 */
export const handler = scheduledRun(async (event) => {
  const queued = await dispatchDueDeliveries(new Date(scheduledEventSchema.parse(event).time));
  if (queued > 0) logger.info('webhook deliveries queued', { queued });
  return { queued };
});
