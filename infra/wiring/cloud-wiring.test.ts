import { beforeAll, describe, expect, it } from 'vitest';
import { localWiring } from '../local/local-wiring';
import { synthesizeTestApp } from '../stacks/test-app';
import { cloudWiringOf, templatesOf, type Wiring, wiringDifferences } from './cloud-wiring';

let cloud: Wiring;
const local = localWiring();

beforeAll(() => {
  cloud = cloudWiringOf(templatesOf(synthesizeTestApp()));
});

describe('the local cloud wired as the stacks', () => {
  it('reads the templates: every work queue with its consumer, schedule, stream consumer and function', () => {
    // Guards the reading itself, so an empty reading cannot pass as "no differences".
    expect(Object.keys(cloud.queues).sort()).toEqual(['employeeImports', 'exports', 'funding', 'invoices', 'issuerSandbox', 'mail', 'reports', 'webhooks']);
    expect(cloud.consumers.map((consumer) => consumer.queue).sort()).toEqual(Object.keys(cloud.queues).sort());
    expect(cloud.queues.funding).toEqual({ visibilityTimeoutSeconds: expect.any(Number), deadLetterQueueOf: 'funding', maxReceiveCount: expect.any(Number) });
    expect(cloud.scheduledHandlers.length).toBeGreaterThanOrEqual(6);
    expect(cloud.scheduledMessages).toEqual([{ queue: 'funding', messageKind: 'start_due_runs' }]);
    expect(cloud.tableStream.consumers.map((consumer) => consumer.handler)).toEqual(['platform/relay-outbox']);
    expect(Object.keys(cloud.functions).length).toBeGreaterThan(100);
  });

  it('has no difference: queues and dead-letter queues, consumers, schedules, the table stream, timeouts and memory', () => {
    expect(wiringDifferences(cloud, local)).toEqual([]);
  });

  it('names a local worker that takes other batches, or polls the wrong queue', () => {
    const otherBatches = { ...local, consumers: local.consumers.map((consumer) => (consumer.queue === 'funding' ? { ...consumer, batchSize: 10 } : consumer)) };
    expect(wiringDifferences(cloud, otherBatches)).toEqual(["queue funding: the template's event source takes batches of 1, the local worker 10"]);

    const wrongQueue = { ...local, consumers: local.consumers.map((consumer) => (consumer.handler === 'reports/build-report' ? { ...consumer, queue: 'exports' } : consumer)) };
    expect(wiringDifferences(cloud, wrongQueue)).toEqual([
      'queue exports: the template has 1 consumer (exports/write-export-files), the local cloud 2 (exports/write-export-files, reports/build-report)',
      "queue reports: the template's event source hands it to reports/build-report, no local worker polls it",
    ]);
  });

  it('names a local queue, timer, stream filter or function settings that differ', () => {
    const changed: Wiring = {
      ...local,
      queues: { ...local.queues, mail: { visibilityTimeoutSeconds: 30, deadLetterQueueOf: 'webhooks', maxReceiveCount: 5 } },
      scheduledHandlers: local.scheduledHandlers.filter((handler) => handler !== 'fees/charge-monthly-fees'),
      tableStream: { ...local.tableStream, consumers: local.tableStream.consumers.map((consumer) => ({ ...consumer, filter: ['INSERT outboxItem'] })) },
      functions: { ...local.functions, 'reports/build-report': { timeoutSeconds: 10, memoryMb: 512 } },
    };
    expect(wiringDifferences(cloud, changed)).toEqual([
      expect.stringMatching(/^queue mail: the template's visibility timeout is \d+ s, the local queue's 30 s$/),
      "queue mail: the template moves dead letters to the dead-letter queue of mail, the local queue to the dead-letter queue of webhooks",
      expect.stringMatching(/^queue mail: the template dead-letters a message after \d+ receipts, the local queue after 5$/),
      'schedule of fees/charge-monthly-fees: the template has 1 rule invoking it, the local cloud 0 timers',
      "table stream to platform/relay-outbox: the template's filter passes INSERT auditRecord, INSERT outboxItem, the local relay's INSERT outboxItem",
      "function reports/build-report: the template's timeout is 840 s, the local Lambda context's 10 s",
    ]);
  });

  it("leaves out the card issuer sandbox's queue and worker when the deployment has none", () => {
    const { issuerSandbox: _sandbox, ...queues } = cloud.queues;
    const withoutSandbox: Wiring = {
      ...cloud,
      queues,
      consumers: cloud.consumers.filter((consumer) => consumer.queue !== 'issuerSandbox'),
      functions: Object.fromEntries(Object.entries(cloud.functions).filter(([handler]) => handler !== 'issuer/send-issuer-events')),
    };
    expect(wiringDifferences(withoutSandbox, local)).toEqual([]);
  });
});
