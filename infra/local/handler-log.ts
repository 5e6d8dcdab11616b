import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LogLine } from '@functions/platform/logger';

const problemLevels = new Set(['WARN', 'ERROR', 'CRITICAL']);
// What every line carries: the console shows what happened, not where in Lambda it ran.
const contextKeys = new Set(['level', 'message', 'timestamp', 'service', 'sampling_rate', 'xray_trace_id', 'cold_start', 'function_arn', 'function_memory_size', 'function_name', 'function_request_id', 'error']);

function plainValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `12:03:04 WARN webhook event not queued  companyId=c-1 type=funding.applied`, and an error's text below it. */
export function plainLine(line: LogLine): string {
  const time = typeof line.timestamp === 'string' ? line.timestamp.slice(11, 19) : '';
  const keys = Object.entries(line)
    .filter(([key]) => !contextKeys.has(key))
    .map(([key, value]) => `${key}=${plainValue(value)}`)
    .join(' ');
  const error = line.error === undefined ? '' : `\n    ${plainValue(line.error).replaceAll('\n', '\n    ')}`;
  return `${time} ${plainValue(line.level)} ${plainValue(line.message)}${keys === '' ? '' : `  ${keys}`}${error}`;
}

/**
 * The local cloud's handlers log as a deployment does, every line as JSON into `logFile`; the console, which a person
 * reads beside the portal, gets only the problems (warnings and errors), each as a plain line.
 */
export function handlerLinePrinter(logFile: string, toConsole: (text: string) => void): (line: LogLine) => void {
  return (line) => {
    // `--reset` empties the data folder while the cloud starts: the folder is made again for the line.
    mkdirSync(dirname(logFile), { recursive: true });
    appendFileSync(logFile, `${JSON.stringify(line)}\n`);
    if (problemLevels.has(String(line.level))) toConsole(plainLine(line));
  };
}
