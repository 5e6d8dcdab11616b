import type { TableAnswer } from '@shared/lists';
import type { Report } from '@shared/reports';

/**
 * How often the list asks again while a report on the page is being made. Slower than the background download's
 * pollIntervalMs (a second): a report takes seconds to minutes, and a whole page is read each time.
 */
export const reportRefreshMs = 2_000;

/** Whether a report on the page is still being made, so its Available or failed status is still to come. */
export function anyGenerating(rows: readonly Pick<Report, 'status'>[]): boolean {
  return rows.some((row) => row.status === 'generating');
}

/** TanStack Query's refetchInterval for the list: every reportRefreshMs while a row is generating, else never. */
export function refreshWhileGenerating(answer: TableAnswer<Report> | undefined): number | false {
  return answer && anyGenerating(answer.rows) ? reportRefreshMs : false;
}
