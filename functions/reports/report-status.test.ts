import { describe, expect, it } from 'vitest';
import { deadLetterMaxReceiveCount, workerTimeoutSeconds } from '../platform/queue-work';
import { reportGiveUpMs, shownReportStatus } from './report-status';

describe('shownReportStatus', () => {
  const created = '2026-11-22T10:00:00.000Z';

  it('shows a report generating for longer than any worker can still run as failed', () => {
    expect(shownReportStatus('generating', created, new Date(Date.parse(created) + reportGiveUpMs + 1))).toBe('generation_failed');
  });

  it('leaves a report in work, an available one and a failed one as they are', () => {
    expect(shownReportStatus('generating', created, new Date(Date.parse(created) + reportGiveUpMs))).toBe('generating');
    expect(shownReportStatus('active', created, new Date(Date.parse(created) + 10 * reportGiveUpMs))).toBe('active');
    expect(shownReportStatus('generation_failed', created, new Date(Date.parse(created) + 1))).toBe('generation_failed');
  });

  it('waits out every receipt of the reports queue, each run to the worker timeout, before giving up', () => {
    expect(reportGiveUpMs).toBeGreaterThan(deadLetterMaxReceiveCount * workerTimeoutSeconds.reports * 1000);
  });
});
