import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handlerLinePrinter, plainLine } from './handler-log';

const warning = {
  level: 'WARN',
  message: 'webhook event not queued',
  timestamp: '2026-11-27T12:03:04.512Z',
  service: 'local-cloud',
  sampling_rate: 0,
  companyId: 'c-1',
  type: 'funding.applied',
  error: 'QueueDoesNotExist\n    at send (functions/webhooks/publish-event.ts:40:5)',
};

describe('the local cloud console', () => {
  it('reads a problem as one plain line with its keys, its error below', () => {
    expect(plainLine(warning)).toBe('12:03:04 WARN webhook event not queued  companyId=c-1 type=funding.applied\n    QueueDoesNotExist\n        at send (functions/webhooks/publish-event.ts:40:5)');
  });

  it('shows problems only, while the log file keeps every line as JSON, metrics too', () => {
    const logFile = join(mkdtempSync(join(tmpdir(), 'handler-log-')), 'logs', 'handlers.log');
    const shown: string[] = [];
    const print = handlerLinePrinter(logFile, (text) => shown.push(text));
    print({ level: 'INFO', message: 'audited', timestamp: warning.timestamp, auditId: 'a-1' });
    print(warning);
    const metric = { _aws: { Timestamp: 1, CloudWatchMetrics: [] }, AuditTrailMismatch: 0 };
    print(metric);
    expect(shown).toEqual([plainLine(warning)]);
    expect(readFileSync(logFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual([expect.objectContaining({ message: 'audited' }), warning, metric]);
  });
});
