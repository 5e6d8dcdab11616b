import { printedByPrinter } from './logger';

/**
 * Writes one count as a CloudWatch metric in Embedded Metric Format: a JSON log line CloudWatch turns into a data
 * point, with no SDK call and no permission. Written to stdout as it is: the Lambda runtime's console prefixes its
 * text lines with a time and request id, which CloudWatch would not read as EMF. The local cloud keeps it with the
 * functions' log lines, off its console (logger.ts printLogLinesWith).
 */
export function putCountMetric(metric: { namespace: string; name: string }, value: number, properties: Record<string, string | number> = {}): void {
  const line = {
    _aws: { Timestamp: Date.now(), CloudWatchMetrics: [{ Namespace: metric.namespace, Dimensions: [[]], Metrics: [{ Name: metric.name, Unit: 'Count' }] }] },
    [metric.name]: value,
    ...properties,
  };
  if (!printedByPrinter(line)) process.stdout.write(`${JSON.stringify(line)}\n`);
}
