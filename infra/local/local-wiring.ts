import { deployJobs } from '../definitions';
import type { Wiring } from '../wiring/cloud-wiring';
import { lambdaContext, localApiHandlers } from './api-server';
import { localOutboxRelayPlan } from './outbox-relay';
import { localQueuePlan, streamSpecification } from './provision';
import { localQueueWorkerPlan } from './queue-workers';
import { localSchedulePlan } from './scheduled-jobs';

/**
 * The local cloud's wiring, as its modules start it: the queues provision makes, the workers that poll them, the
 * timers, the outbox relay on the table's stream, and the Lambda context each handler it invokes is given
 * (infra/wiring/cloud-wiring.ts compares it with the templates').
 */
export function localWiring(): Wiring {
  const invoked = [
    ...localApiHandlers,
    ...localQueueWorkerPlan.map((worker) => worker.handler),
    ...localSchedulePlan.jobs.map((job) => job.handler),
    localOutboxRelayPlan.handler,
    // Run when the local cloud starts on kept data (local-cloud.ts), as a deploy runs them.
    ...deployJobs.map((job) => job.handler),
  ];
  const functions = Object.fromEntries(
    invoked.map((handler) => {
      const context = lambdaContext(handler);
      return [handler, { timeoutSeconds: Math.round(context.getRemainingTimeInMillis() / 1000), memoryMb: Number(context.memoryLimitInMB) }];
    }),
  );
  const runsInAProfile = (everyMs: Record<string, number | null>) => Object.values(everyMs).some((interval) => interval !== null);
  return {
    queues: Object.fromEntries(localQueuePlan.map(({ role, ...queue }) => [role, queue])),
    consumers: localQueueWorkerPlan.map((worker) => ({
      queue: worker.queue,
      handler: worker.handler,
      batchSize: worker.batchSize,
      maxConcurrency: worker.polls,
      reportsBatchItemFailures: worker.reportsBatchItemFailures,
    })),
    scheduledHandlers: localSchedulePlan.jobs.filter((job) => runsInAProfile(job.everyMs)).map((job) => job.handler),
    scheduledMessages: localSchedulePlan.queueMessages.filter((message) => runsInAProfile(message.everyMs)).map(({ queue, messageKind }) => ({ queue, messageKind })),
    tableStream: {
      viewType: streamSpecification.StreamViewType,
      consumers: [
        {
          handler: localOutboxRelayPlan.handler,
          batchSize: localOutboxRelayPlan.batchSize,
          retryAttempts: localOutboxRelayPlan.retryAttempts,
          startingPosition: localOutboxRelayPlan.startingPosition,
          reportsBatchItemFailures: localOutboxRelayPlan.reportsBatchItemFailures,
          filter: localOutboxRelayPlan.filter.entities.map((entity) => `${localOutboxRelayPlan.filter.eventName} ${entity}`).sort(),
        },
      ],
    },
    functions,
  };
}
