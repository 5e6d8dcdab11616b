import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TurnoverMonth } from '@shared/dashboard';
import { formatEur } from '@shared/money';
import { uiLanguage } from '@frontend/lib/i18n';
// Its table look; the chart's table alternative is a plain table of the same kind.
import '@frontend/components/data-table/data-table.css';

const chartHeight = 160;

/** "07.2026": the month as SPEC's dates show it, for the table and the bars' names. */
export const monthText = (month: string) => `${month.slice(5, 7)}.${month.slice(0, 4)}`;

function shortMonthName(month: string, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

/**
 * Card spending per month as bars drawn in SVG, with the same numbers as a table: the table is for screen readers
 * always (the chart itself is one image to them) and for anyone who asks to see the numbers.
 */
export function TurnoverChart({ months }: { months: readonly TurnoverMonth[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = uiLanguage(i18n);
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const highest = Math.max(0, ...months.map((m) => m.spentCents));
  const total = months.reduce((sum, m) => sum + m.spentCents, 0);
  const barWidth = 100 / Math.max(months.length, 1);
  const first = months[0]?.month ?? '';
  const last = months.at(-1)?.month ?? '';
  return (
    <div className="turnover-chart">
      <div className="turnover-chart__bar-row">
        <button type="button" className="button button--secondary turnover-chart__toggle" aria-pressed={asTable} aria-controls={tableId} onClick={() => setAsTable((shown) => !shown)}>
          {t('turnover.showTable')}
        </button>
      </div>
      {!asTable && (
        <figure className="turnover-chart__figure">
          <svg
            className="turnover-chart__svg"
            viewBox={`0 0 100 ${chartHeight}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={t('turnover.chartLabel', { from: monthText(first), to: monthText(last), total: formatEur(total, language) })}
          >
            {months.map((month, index) => {
              const height = highest > 0 ? (Math.max(month.spentCents, 0) / highest) * (chartHeight - 4) : 0;
              return (
                <rect
                  key={month.month}
                  className="turnover-chart__bar"
                  data-month={month.month}
                  x={index * barWidth + barWidth * 0.15}
                  width={barWidth * 0.7}
                  y={chartHeight - height}
                  height={height}
                >
                  <title>{`${monthText(month.month)}: ${formatEur(month.spentCents, language)}`}</title>
                </rect>
              );
            })}
            <line className="turnover-chart__axis" x1="0" x2="100" y1={chartHeight} y2={chartHeight} />
          </svg>
          {/* Month names under the bars, drawn in HTML so the text keeps its size when the chart narrows. */}
          <div className="turnover-chart__labels" aria-hidden="true">
            {months.map((month) => (
              <span key={month.month}>{shortMonthName(month.month, language)}</span>
            ))}
          </div>
          <figcaption className="turnover-chart__caption">{t('turnover.highest', { amount: formatEur(highest, language) })}</figcaption>
        </figure>
      )}
      <div id={tableId} className={asTable ? 'turnover-chart__table' : 'visually-hidden'}>
        <table className="data-table__table">
          <caption className={asTable ? 'visually-hidden' : undefined}>{t('turnover.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="data-table__cell">{t('turnover.month')}</th>
              <th scope="col" className="data-table__cell data-table__cell--end">{t('turnover.count')}</th>
              <th scope="col" className="data-table__cell data-table__cell--end">{t('turnover.spent')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row" className="data-table__cell">{monthText(month.month)}</th>
                <td className="data-table__cell data-table__cell--end">{month.count}</td>
                <td className="data-table__cell data-table__cell--end">{formatEur(month.spentCents, language)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="data-table__cell">{t('turnover.total')}</th>
              <td className="data-table__cell data-table__cell--end">{months.reduce((sum, m) => sum + m.count, 0)}</td>
              <td className="data-table__cell data-table__cell--end">{formatEur(total, language)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
