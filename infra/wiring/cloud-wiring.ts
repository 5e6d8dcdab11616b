import type { CfnElement, Stack } from 'aws-cdk-lib';
import type { QueueRole } from '../../functions/platform/queue-work';
import { handlerOfTemplateFunction } from '../constructs/portal-function';
import { pointeeOf } from './template-values';
import type { StatefulStack } from '../stacks/stateful-stack';
import type { TestApp } from '../stacks/test-app';

/**
 * The wiring of the portal's functions, the same shape for the cloud (read from the synthesized templates) and for the
 * local cloud (what its modules start): which queues exist and where their messages go after failing, which function
 * consumes each queue and how, what runs on a schedule, how the table's stream reaches the outbox relay, and each
 * function's timeout and memory. wiringDifferences names what differs.
 */
export interface Wiring {
  /** Work queues by role: their visibility timeout, and which role's dead-letter queue takes a message after how many receipts. */
  readonly queues: Readonly<Record<string, QueueWiring>>;
  /** Each queue's consumers (an event source mapping; locally a long poll). */
  readonly consumers: readonly QueueConsumer[];
  /** The handlers a schedule invokes. */
  readonly scheduledHandlers: readonly string[];
  /** The messages a schedule puts on a queue, by the message's kind. */
  readonly scheduledMessages: readonly { readonly queue: string; readonly messageKind: string }[];
  readonly tableStream: { readonly viewType: string | null; readonly consumers: readonly StreamConsumer[] };
  /** Each function's timeout and memory, by handler. */
  readonly functions: Readonly<Record<string, { readonly timeoutSeconds: number; readonly memoryMb: number }>>;
}

export interface QueueWiring {
  readonly visibilityTimeoutSeconds: number;
  /** The role whose dead-letter queue this queue's redrive policy names (null: none). */
  readonly deadLetterQueueOf: string | null;
  readonly maxReceiveCount: number | null;
}

export interface QueueConsumer {
  readonly queue: string;
  readonly handler: string;
  readonly batchSize: number;
  /** Invocations at once (locally: long polls). */
  readonly maxConcurrency: number | null;
  readonly reportsBatchItemFailures: boolean;
}

export interface StreamConsumer {
  readonly handler: string;
  readonly batchSize: number;
  readonly retryAttempts: number;
  readonly startingPosition: string;
  readonly reportsBatchItemFailures: boolean;
  /** What passes the filter, as `<eventName> <entity>` (sorted). */
  readonly filter: readonly string[];
}

interface TemplateResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
}

export interface TemplateJson {
  readonly Resources: Readonly<Record<string, TemplateResource>>;
  readonly Outputs?: Readonly<Record<string, { readonly Value: unknown; readonly Export?: { readonly Name: unknown } }>>;
}

/** The synthesized app as cloudWiringOf reads it: both stacks' templates (the stateless one with its nested stacks merged in). */
export interface CloudTemplates {
  readonly stateful: TemplateJson;
  readonly stateless: TemplateJson;
  /** Which of the stateful template's queues is which role's work queue and dead-letter queue. */
  readonly queueIds: Readonly<Partial<Record<QueueRole, { readonly queue: string; readonly deadLetters: string }>>>;
}

/** The logical ids of the stateful stack's work queues, by role (a role the deployment does not have is absent). */
export function queueIdsOf(stateful: StatefulStack): CloudTemplates['queueIds'] {
  const idOf = (stack: Stack, construct: { node: { defaultChild?: unknown } }) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
  return Object.fromEntries(
    Object.entries(stateful.queues).flatMap(([role, made]) => (made ? [[role, { queue: idOf(stateful, made.queue), deadLetters: idOf(stateful, made.deadLetterQueue) }]] : [])),
  );
}

/** The templates of an app synthesized in this process, as cloudWiringOf reads them. */
export function templatesOf(app: Pick<TestApp, 'stateful' | 'statefulTemplate' | 'statelessTemplate'>): CloudTemplates {
  return { stateful: app.statefulTemplate.toJSON() as TemplateJson, stateless: app.statelessTemplate.toJSON() as TemplateJson, queueIds: queueIdsOf(app.stateful) };
}

/** The resource a `Ref` or `Fn::GetAtt` names in its own template. */
/** The resource a value of the stateless template points at (template-values.ts pointeeOf), as this file names it. */
function pointee(value: unknown, templates: CloudTemplates): { stack: 'stateful' | 'stateless'; id: string; attribute: string | null } | null {
  const target = pointeeOf(templates, 'stateless', value);
  return target ? { stack: target.stack, id: target.logicalId, attribute: target.attribute } : null;
}

function numberOf(value: unknown): number | null {
  return typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null;
}

/** `<eventName> <entity>` for each pair a stream filter pattern passes. */
function filterEntries(patterns: unknown): string[] {
  const filters = (patterns as { Filters?: { Pattern?: unknown }[] } | undefined)?.Filters ?? [];
  return filters
    .flatMap((filter) => {
      const pattern = JSON.parse(String(filter.Pattern)) as { eventName?: unknown[]; dynamodb?: { NewImage?: { entity?: { S?: unknown[] } } } };
      return (pattern.eventName ?? ['*']).flatMap((eventName) => (pattern.dynamodb?.NewImage?.entity?.S ?? ['*']).map((entity) => `${String(eventName)} ${String(entity)}`));
    })
    .sort();
}

/** Reads the wiring of the synthesized app. Functions are known by the handler their role names (portal-function.ts); the library's own functions name none and are left out. */
export function cloudWiringOf(templates: CloudTemplates): Wiring {
  const resources = (stack: 'stateful' | 'stateless') => Object.entries(templates[stack].Resources);
  const roleOfQueue = new Map(Object.entries(templates.queueIds).flatMap(([role, ids]) => (ids ? [[ids.queue, role] as const] : [])));
  const roleOfDeadLetters = new Map(Object.entries(templates.queueIds).flatMap(([role, ids]) => (ids ? [[ids.deadLetters, role] as const] : [])));

  const handlerOf = new Map<string, string>();
  const functions: Record<string, { timeoutSeconds: number; memoryMb: number }> = {};
  for (const stack of ['stateful', 'stateless'] as const) {
    for (const [id, resource] of resources(stack)) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const handler = handlerOfTemplateFunction(templates[stack].Resources, resource);
      if (handler === undefined) continue;
      handlerOf.set(`${stack}:${id}`, handler);
      // Lambda's defaults, when a template leaves them out.
      functions[handler] = { timeoutSeconds: numberOf(resource.Properties?.Timeout) ?? 3, memoryMb: numberOf(resource.Properties?.MemorySize) ?? 128 };
    }
  }
  const functionOf = (value: unknown) => {
    const target = pointee(value, templates);
    return target ? (handlerOf.get(`${target.stack}:${target.id}`) ?? `<${target.id}>`) : `<${JSON.stringify(value)}>`;
  };

  const queues: Record<string, QueueWiring> = {};
  for (const [id, resource] of resources('stateful')) {
    const role = roleOfQueue.get(id);
    if (resource.Type !== 'AWS::SQS::Queue' || !role) continue;
    const redrive = resource.Properties?.RedrivePolicy as { deadLetterTargetArn?: unknown; maxReceiveCount?: unknown } | undefined;
    const deadLetters = redrive ? pointeeOf(templates, 'stateful', redrive.deadLetterTargetArn) : null;
    queues[role] = {
      // SQS's default, when a template leaves it out.
      visibilityTimeoutSeconds: numberOf(resource.Properties?.VisibilityTimeout) ?? 30,
      deadLetterQueueOf: deadLetters ? (roleOfDeadLetters.get(deadLetters.logicalId) ?? `<${deadLetters.logicalId}>`) : null,
      maxReceiveCount: numberOf(redrive?.maxReceiveCount),
    };
  }

  const consumers: QueueConsumer[] = [];
  const streamConsumers: StreamConsumer[] = [];
  let viewType: string | null = null;
  for (const [, resource] of resources('stateless')) {
    if (resource.Type !== 'AWS::Lambda::EventSourceMapping') continue;
    const properties = resource.Properties ?? {};
    const source = pointee(properties.EventSourceArn, templates);
    const reportsBatchItemFailures = Array.isArray(properties.FunctionResponseTypes) && properties.FunctionResponseTypes.includes('ReportBatchItemFailures');
    const handler = functionOf(properties.FunctionName);
    if (source?.attribute === 'StreamArn') {
      const table = templates[source.stack].Resources[source.id];
      viewType = String((table?.Properties?.StreamSpecification as { StreamViewType?: unknown } | undefined)?.StreamViewType ?? null);
      streamConsumers.push({
        handler,
        // Lambda's defaults for a stream, when a template leaves them out.
        batchSize: numberOf(properties.BatchSize) ?? 100,
        retryAttempts: numberOf(properties.MaximumRetryAttempts) ?? -1,
        startingPosition: String(properties.StartingPosition),
        reportsBatchItemFailures,
        filter: filterEntries(properties.FilterCriteria),
      });
      continue;
    }
    consumers.push({
      queue: source ? (roleOfQueue.get(source.id) ?? `<${source.id}>`) : `<${JSON.stringify(properties.EventSourceArn)}>`,
      handler,
      batchSize: numberOf(properties.BatchSize) ?? 10,
      maxConcurrency: numberOf((properties.ScalingConfig as { MaximumConcurrency?: unknown } | undefined)?.MaximumConcurrency),
      reportsBatchItemFailures,
    });
  }

  const scheduledHandlers: string[] = [];
  const scheduledMessages: { queue: string; messageKind: string }[] = [];
  for (const [, resource] of resources('stateless')) {
    if (resource.Type === 'AWS::Events::Rule' && resource.Properties?.ScheduleExpression !== undefined) {
      for (const target of (resource.Properties.Targets as { Arn: unknown }[] | undefined) ?? []) scheduledHandlers.push(functionOf(target.Arn));
    }
    if (resource.Type === 'AWS::Scheduler::Schedule') {
      const target = resource.Properties?.Target as { Arn: unknown; Input?: unknown } | undefined;
      const queue = pointee(target?.Arn, templates);
      const input = typeof target?.Input === 'string' ? (JSON.parse(target.Input) as { kind?: unknown }) : {};
      scheduledMessages.push({ queue: queue ? (roleOfQueue.get(queue.id) ?? `<${queue.id}>`) : `<${JSON.stringify(target?.Arn)}>`, messageKind: String(input.kind) });
    }
  }

  return { queues, consumers, scheduledHandlers, scheduledMessages, tableStream: { viewType, consumers: streamConsumers }, functions };
}

/**
 * The queue the local cloud always has and a deployment only when its configuration asks for it (`issuerSandbox`): its
 * absence from the templates, with its worker, is no difference.
 */
const queueLocalAlways = 'issuerSandbox';

/** Each way the local wiring differs from the cloud's, as a sentence naming the queue, schedule or function. */
export function wiringDifferences(cloud: Wiring, local: Wiring): string[] {
  const found: string[] = [];
  const sandboxOff = !(queueLocalAlways in cloud.queues);
  const sandboxHandlers = new Set(sandboxOff ? local.consumers.filter((consumer) => consumer.queue === queueLocalAlways).map((consumer) => consumer.handler) : []);
  const localQueues = Object.fromEntries(Object.entries(local.queues).filter(([role]) => !(sandboxOff && role === queueLocalAlways)));
  const localConsumers = local.consumers.filter((consumer) => !(sandboxOff && consumer.queue === queueLocalAlways));
  const localFunctions = Object.fromEntries(Object.entries(local.functions).filter(([handler]) => !sandboxHandlers.has(handler)));

  for (const role of union(Object.keys(cloud.queues), Object.keys(localQueues))) {
    const [inCloud, inLocal] = [cloud.queues[role], localQueues[role]];
    if (!inCloud || !inLocal) {
      found.push(`queue ${role}: ${inCloud ? 'the template has it, the local cloud does not provision it' : 'the local cloud provisions it, the template has no such queue'}`);
      continue;
    }
    if (inCloud.visibilityTimeoutSeconds !== inLocal.visibilityTimeoutSeconds) {
      found.push(`queue ${role}: the template's visibility timeout is ${inCloud.visibilityTimeoutSeconds} s, the local queue's ${inLocal.visibilityTimeoutSeconds} s`);
    }
    if (inCloud.deadLetterQueueOf !== inLocal.deadLetterQueueOf) {
      found.push(`queue ${role}: the template moves dead letters to ${deadLettersText(inCloud.deadLetterQueueOf)}, the local queue to ${deadLettersText(inLocal.deadLetterQueueOf)}`);
    }
    if (inCloud.maxReceiveCount !== inLocal.maxReceiveCount) {
      found.push(`queue ${role}: the template dead-letters a message after ${String(inCloud.maxReceiveCount)} receipts, the local queue after ${String(inLocal.maxReceiveCount)}`);
    }
  }

  for (const queue of union(cloud.consumers.map((consumer) => consumer.queue), localConsumers.map((consumer) => consumer.queue))) {
    const inCloud = cloud.consumers.filter((consumer) => consumer.queue === queue);
    const inLocal = localConsumers.filter((consumer) => consumer.queue === queue);
    const [cloudConsumer, localConsumer] = [inCloud[0], inLocal[0]];
    if (inCloud.length > 1 || inLocal.length > 1) {
      found.push(`queue ${queue}: the template has ${counted(inCloud.length, 'consumer')} (${handlersText(inCloud)}), the local cloud ${inLocal.length} (${handlersText(inLocal)})`);
      continue;
    }
    if (!cloudConsumer || !localConsumer) {
      found.push(
        cloudConsumer
          ? `queue ${queue}: the template's event source hands it to ${cloudConsumer.handler}, no local worker polls it`
          : `queue ${queue}: the local worker ${localConsumer?.handler ?? '?'} polls it, the template has no event source on it`,
      );
      continue;
    }
    if (cloudConsumer.handler !== localConsumer.handler) {
      found.push(`queue ${queue}: the template's event source hands it to ${cloudConsumer.handler}, the local worker to ${localConsumer.handler}`);
    }
    if (cloudConsumer.batchSize !== localConsumer.batchSize) {
      found.push(`queue ${queue}: the template's event source takes batches of ${cloudConsumer.batchSize}, the local worker ${localConsumer.batchSize}`);
    }
    if (cloudConsumer.maxConcurrency !== localConsumer.maxConcurrency) {
      found.push(`queue ${queue}: the template's event source runs ${concurrencyText(cloudConsumer.maxConcurrency)}, the local worker ${concurrencyText(localConsumer.maxConcurrency)}`);
    }
    if (cloudConsumer.reportsBatchItemFailures !== localConsumer.reportsBatchItemFailures) {
      found.push(`queue ${queue}: the template's event source ${reportsText(cloudConsumer.reportsBatchItemFailures)}, the local worker ${reportsText(localConsumer.reportsBatchItemFailures)}`);
    }
  }

  for (const handler of union(cloud.scheduledHandlers, local.scheduledHandlers)) {
    const [inCloud, inLocal] = [count(cloud.scheduledHandlers, handler), count(local.scheduledHandlers, handler)];
    if (inCloud !== inLocal) found.push(`schedule of ${handler}: the template has ${counted(inCloud, 'rule')} invoking it, the local cloud ${counted(inLocal, 'timer')}`);
  }
  const messageText = (message: { queue: string; messageKind: string }) => `a ${message.messageKind} message on queue ${message.queue}`;
  for (const message of union(cloud.scheduledMessages.map(messageText), local.scheduledMessages.map(messageText))) {
    const [inCloud, inLocal] = [count(cloud.scheduledMessages.map(messageText), message), count(local.scheduledMessages.map(messageText), message)];
    if (inCloud !== inLocal) found.push(`scheduled ${message}: the template has ${counted(inCloud, 'schedule')} putting it, the local cloud ${counted(inLocal, 'timer')}`);
  }

  if (cloud.tableStream.viewType !== local.tableStream.viewType) {
    found.push(`table stream: the template's view type is ${String(cloud.tableStream.viewType)}, the local table's ${String(local.tableStream.viewType)}`);
  }
  for (const handler of union(cloud.tableStream.consumers.map((consumer) => consumer.handler), local.tableStream.consumers.map((consumer) => consumer.handler))) {
    const inCloud = cloud.tableStream.consumers.find((consumer) => consumer.handler === handler);
    const inLocal = local.tableStream.consumers.find((consumer) => consumer.handler === handler);
    if (!inCloud || !inLocal) {
      found.push(`table stream: ${inCloud ? `the template's event source hands it to ${handler}, the local cloud does not` : `the local cloud hands it to ${handler}, the template has no such event source`}`);
      continue;
    }
    if (inCloud.batchSize !== inLocal.batchSize) found.push(`table stream to ${handler}: the template's event source takes batches of ${inCloud.batchSize}, the local relay ${inLocal.batchSize}`);
    if (inCloud.retryAttempts !== inLocal.retryAttempts) found.push(`table stream to ${handler}: the template's event source retries a failed batch ${inCloud.retryAttempts} times, the local relay ${inLocal.retryAttempts}`);
    if (inCloud.startingPosition !== inLocal.startingPosition) found.push(`table stream to ${handler}: the template's event source starts at ${inCloud.startingPosition}, the local relay at ${inLocal.startingPosition}`);
    if (inCloud.reportsBatchItemFailures !== inLocal.reportsBatchItemFailures) {
      found.push(`table stream to ${handler}: the template's event source ${reportsText(inCloud.reportsBatchItemFailures)}, the local relay ${reportsText(inLocal.reportsBatchItemFailures)}`);
    }
    if (inCloud.filter.join(', ') !== inLocal.filter.join(', ')) {
      found.push(`table stream to ${handler}: the template's filter passes ${inCloud.filter.join(', ') || 'everything'}, the local relay's ${inLocal.filter.join(', ') || 'everything'}`);
    }
  }

  for (const handler of union(Object.keys(cloud.functions), Object.keys(localFunctions))) {
    const [inCloud, inLocal] = [cloud.functions[handler], localFunctions[handler]];
    if (!inCloud || !inLocal) {
      found.push(`function ${handler}: ${inCloud ? 'the template deploys it, the local cloud never invokes it' : 'the local cloud invokes it, the template deploys no such function'}`);
      continue;
    }
    if (inCloud.timeoutSeconds !== inLocal.timeoutSeconds) found.push(`function ${handler}: the template's timeout is ${inCloud.timeoutSeconds} s, the local Lambda context's ${inLocal.timeoutSeconds} s`);
    if (inCloud.memoryMb !== inLocal.memoryMb) found.push(`function ${handler}: the template's memory is ${inCloud.memoryMb} MB, the local Lambda context's ${inLocal.memoryMb} MB`);
  }
  return found;
}

function union(...lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())].sort();
}

function count(list: readonly string[], item: string): number {
  return list.filter((candidate) => candidate === item).length;
}

function handlersText(consumers: readonly QueueConsumer[]): string {
  return consumers.map((consumer) => consumer.handler).join(', ') || 'none';
}

function deadLettersText(role: string | null): string {
  return role === null ? 'no dead-letter queue' : `the dead-letter queue of ${role}`;
}

function counted(amount: number, noun: string): string {
  return `${amount} ${noun}${amount === 1 ? '' : 's'}`;
}

function concurrencyText(maxConcurrency: number | null): string {
  return maxConcurrency === null ? 'without a cap on invocations at once' : `${maxConcurrency} at once`;
}

function reportsText(reports: boolean): string {
  return reports ? 'reports failed records one by one (ReportBatchItemFailures)' : 'fails a batch as a whole';
}
