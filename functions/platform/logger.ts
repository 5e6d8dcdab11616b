import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger, type LogItem } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context, SQSRecord } from 'aws-lambda';
import type { LogItemExtraInput, LogItemMessage } from '@aws-lambda-powertools/logger/types';
import { correlationIdHeader } from '@shared/api/route-definition';

/** The keys of the queued message whose work is running: each record of a batch worked at once has its own. */
interface MessageKeys {
  messageId: string;
  correlation_id: string;
}
const messageScope = /* @__PURE__ */ new AsyncLocalStorage<MessageKeys>();

/** A line as the logger made it: its level, message, time, service and keys. */
export type LogLine = Record<string, unknown>;

/** Where lines go instead of standard output as JSON: none in a deployment; the local cloud prints them for people. */
let linePrinter: ((line: LogLine) => void) | null = null;

/**
 * Powertools' logger, with the running message's keys on every line: they come from the record's async scope, not
 * from the logger's keys, which are one set for the whole process and would mix records worked at the same time.
 */
class MessageScopedLogger extends Logger {
  protected override createAndPopulateLogItem(logLevel: number, input: LogItemMessage, extraInput: LogItemExtraInput): LogItem {
    const item = super.createAndPopulateLogItem(logLevel, input, extraInput);
    const keys = messageScope.getStore();
    return keys ? item.addAttributes({ ...keys }) : item;
  }

  protected override printLog(logLevel: number, log: LogItem): void {
    if (!linePrinter) return super.printLog(logLevel, log);
    log.prepareForPrint();
    linePrinter(log.getAttributes());
  }

  override getCorrelationId(): unknown {
    return messageScope.getStore()?.correlation_id ?? super.getCorrelationId();
  }
}

/**
 * The functions' one logger (Powertools for AWS Lambda): a JSON line per entry, its service the function's handler
 * (POWERTOOLS_SERVICE_NAME, which the stack sets) and its level POWERTOOLS_LOG_LEVEL (INFO when unset). A line
 * carries ids, amounts in cents and statuses: never a name, e-mail, phone number, IBAN or card number, because the
 * logs outlive the data (a year, retained with the stack) and are read by people who may not see the portal's data.
 * An error goes in as `readableError`'s text in an `error` field, its frames mapped to our sources.
 */
export const logger: Logger = /* @__PURE__ */ new MessageScopedLogger();

/**
 * Hands every line to `printer` instead of writing it as JSON (null: JSON again). The local cloud's console is read by
 * a person, who wants the portal's start and its problems in plain lines; CloudWatch keeps the JSON.
 */
export function printLogLinesWith(printer: ((line: LogLine) => void) | null): void {
  linePrinter = printer;
}

/** Hands a line made outside the logger (a metric in Embedded Metric Format) to the printer, when one is set. */
export function printedByPrinter(line: LogLine): boolean {
  if (!linePrinter) return false;
  linePrinter(line);
  return true;
}

/** The SQS message attribute a producer puts its correlation id in, so a request's e-mail or job can be followed. */
export const correlationIdAttribute = 'correlationId';

// A caller's id goes into every line of its request: short, and nothing that could forge a JSON field or a new line.
const wellFormedCorrelationId = /^[\w.:=-]{1,128}$/;

const wellFormed = (value: string | undefined): value is string => value !== undefined && wellFormedCorrelationId.test(value);

/** The caller's `x-correlation-id` when well-formed, else API Gateway's own id of the request. */
export function requestCorrelationId(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>): string {
  const sent = event.headers?.[correlationIdHeader];
  return wellFormed(sent) ? sent : event.requestContext.requestId;
}

type HttpEvent = Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>;

function withCorrelationHeader(response: APIGatewayProxyStructuredResultV2 | null | undefined, correlationId: string): void {
  if (response) response.headers = { ...response.headers, [correlationIdHeader]: correlationId };
}

/**
 * The logging middlewares of an API handler, first in its chain: the Lambda context on every line, the request's
 * correlation id set before anything logs and returned as a header on the answer (errors too), and every key dropped
 * when the request ends, so none is carried into the next request of the same instance. The event itself is never
 * logged, whatever POWERTOOLS_LOGGER_LOG_EVENT says: bodies hold personal data.
 */
export function requestLogging<E extends HttpEvent, R extends APIGatewayProxyStructuredResultV2>(): MiddlewareObj<E, R>[] {
  const correlation: MiddlewareObj<E, R> = {
    before: (request) => {
      logger.setCorrelationId(requestCorrelationId(request.event));
    },
    after: (request) => {
      withCorrelationHeader(request.response, requestCorrelationId(request.event));
    },
    onError: (request) => {
      withCorrelationHeader(request.response, requestCorrelationId(request.event));
    },
  };
  return [injectLambdaContext(logger, { resetKeys: true, logEvent: false }) as MiddlewareObj<E, R>, correlation];
}

/** The correlation id of a queued message: the producer's, when it sent one, else the message's own id. */
export function messageCorrelationId(record: Pick<SQSRecord, 'messageId' | 'messageAttributes'>): string {
  const sent = record.messageAttributes[correlationIdAttribute]?.stringValue;
  return wellFormed(sent) ? sent : record.messageId;
}

/**
 * Runs one queued message's work with its ids on every line it logs (the message's id, and the correlation id it
 * brought), and that correlation id on what it sends on (`correlationAttributes`), whatever other records run beside
 * it; nothing is left behind for the next record.
 */
export function withMessageKeys<T>(record: Pick<SQSRecord, 'messageId' | 'messageAttributes'>, work: () => Promise<T>): Promise<T> {
  return messageScope.run({ messageId: record.messageId, correlation_id: messageCorrelationId(record) }, work);
}

/** The Lambda context on the lines of an invocation that is not a middy chain (queue workers, scheduled jobs). */
export function addLambdaContext(context: Partial<Context> | undefined): void {
  if (context?.awsRequestId) logger.addContext(context as Context);
}

/**
 * A scheduled job's handler, its lines carrying EventBridge's id of the run (the correlation id: a retried run keeps
 * it) and the Lambda context, cleared when the run ends.
 */
export function scheduledRun<T>(run: (event: unknown) => Promise<T>): (event: unknown, context?: Context) => Promise<T> {
  return async (event, context) => {
    addLambdaContext(context);
    const id = typeof event === 'object' && event !== null && 'id' in event && typeof event.id === 'string' ? event.id : undefined;
    if (id) logger.setCorrelationId(id);
    try {
      return await run(event);
    } finally {
      logger.resetKeys();
    }
  };
}

/**
 * The message attributes that carry the current correlation id to a queue's worker (none outside a request or
 * message that has one): spread into a SendMessage or a batch entry.
 */
export function correlationAttributes(): { MessageAttributes?: Record<string, { DataType: 'String'; StringValue: string }> } {
  const id: unknown = logger.getCorrelationId();
  return typeof id === 'string' && id !== '' ? { MessageAttributes: { [correlationIdAttribute]: { DataType: 'String', StringValue: id } } } : {};
}
