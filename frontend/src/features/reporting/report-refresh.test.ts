import { describe, expect, it } from 'vitest';
import type { Report } from '@shared/reports';
import { anyGenerating, refreshWhileGenerating, reportRefreshMs } from './report-refresh';

let next = 0;
const report = (status: Report['status']): Report => ({
  id: `1700000000000-${String((next += 1)).padStart(8, '0')}`,
  type: 'transactions',
  dateFrom: '2026-01-01',
  dateTo: '2026-01-31',
  created: '2026-02-01T10:00:00.000Z',
  status,
});
const page = (rows: Report[]) => ({ rows, totalPages: 1, totalRecords: rows.length });

describe('the reports list refresh', () => {
  it('refreshes while a report on the page is generating', () => {
    expect(anyGenerating([report('active'), report('generating')])).toBe(true);
    expect(refreshWhileGenerating(page([report('generation_failed'), report('generating')]))).toBe(reportRefreshMs);
  });

  it('stops once every report on the page is available or failed, and before any answer', () => {
    expect(anyGenerating([report('active'), report('generation_failed')])).toBe(false);
    expect(refreshWhileGenerating(page([report('active'), report('generation_failed')]))).toBe(false);
    expect(refreshWhileGenerating(page([]))).toBe(false);
    expect(refreshWhileGenerating(undefined)).toBe(false);
  });
});
