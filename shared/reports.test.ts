import { describe, expect, it } from 'vitest';
import { deadLetterMaxReceiveCount, queueDefinitions } from '../infra/definitions';
import { reportGiveUpMs, shownReportStatus } from './reports';

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

  it('waits out every receipt of the reports queue before giving up', () => {
    const reports = queueDefinitions.find((queue) => queue.role === 'reports');
    expect(reports).toBeDefined();
    expect(reportGiveUpMs).toBeGreaterThan(deadLetterMaxReceiveCount * (reports?.visibilityTimeoutSeconds ?? Infinity) * 1000);
  });
});
