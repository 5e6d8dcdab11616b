import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { monthLabels, turnoverAxis, type TurnoverMonth } from '@shared/dashboard';
import { intlLocale } from '@shared/money';
import { formatEur, useFormat } from '@frontend/lib/format';
import { uiLanguage } from '@frontend/lib/i18n';
// Its table look; the chart's table alternative is a plain table of the same kind.
import '@frontend/components/data-table/data-table.css';

/** "07.2026": the month as SPEC's dates show it, for the table and the chart's summary name. */
export const monthText = (month: string) => `${month.slice(5, 7)}.${month.slice(0, 4)}`;

/** A share of the axis' top as a CSS percentage, so bars, gridlines and axis labels line up at any width. */
const percentOf = (cents: number, topCents: number) => `${(Math.min(Math.max(cents, 0), topCents) / topCents) * 100}%`;

/**
 * Card spending per month over the period: the period's total, then bars over a EUR axis with gridlines, a month name
 * under each bar (with the year under the first month and each January when the period crosses a year). Each bar is a
 * button named "October 2026: €1,234.56" whose tooltip (month, amount, count) shows on hover and on keyboard focus;
 * the bars are one tab stop (the month last focused, at first the newest), arrow keys move between months and Escape
 * hides the tooltip. The same numbers are a table, for screen readers always and for anyone who asks to see them.
 */
export function TurnoverChart({ months }: { months: readonly TurnoverMonth[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = uiLanguage(i18n);
  const { money } = useFormat();
  const number = new Intl.NumberFormat(intlLocale[language]).format;
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const tooltipId = useId();
  const labels = monthLabels(
    months.map((month) => month.month),
    language,
  );
  const highest = Math.max(0, ...months.map((m) => m.spentCents));
  const total = months.reduce((sum, m) => sum + m.spentCents, 0);
  const count = months.reduce((sum, m) => sum + m.count, 0);
  const axis = turnoverAxis(highest);
  const first = months[0]?.month ?? '';
  const last = months.at(-1)?.month ?? '';

  // The month whose tooltip shows: the one last pointed at or focused (Escape hides it); when the pointer leaves the
  // chart, the focused one again.
  const [active, setActive] = useState<number | null>(null);
  const focused = useRef<number | null>(null);
  const bars = useRef<(HTMLButtonElement | null)[]>([]);
  // Roving tab stop: Tab enters and leaves the chart in one step, the arrows move within it. Clamped, as a shorter
  // period may leave the month last focused out.
  const [stop, setStop] = useState<number | null>(null);
  const tabStop = Math.min(stop ?? months.length - 1, months.length - 1);

  const onBarKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key === 'Escape') {
      setActive(null);
      return;
    }
    const next = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: months.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    bars.current[Math.min(Math.max(next, 0), months.length - 1)]?.focus();
  };

  const activeMonth = active === null ? undefined : months[active];
  const activeLabel = active === null ? undefined : labels[active];
  // The tooltip's anchor moves across it as it moves across the chart, so it never sticks out at either end.
  const anchor = active === null ? 0 : ((active + 0.5) / months.length) * 100;

  return (
    <div className={months.length > 6 ? 'turnover-chart turnover-chart--many' : 'turnover-chart'}>
      <div className="turnover-chart__summary">
        <p className="turnover-chart__total">
          <span className="turnover-chart__total-label">{t('turnover.periodTotal')}</span>{' '}
          <strong className="turnover-chart__total-amount" data-testid="turnover-total">
            {money(total)}
          </strong>{' '}
          <span className="turnover-chart__total-note">{t('turnover.transactions', { number: number(count) })}</span>
        </p>
        <button type="button" className="button button--secondary turnover-chart__toggle" aria-pressed={asTable} aria-controls={tableId} onClick={() => setAsTable((shown) => !shown)}>
          {t('turnover.showTable')}
        </button>
      </div>
      {!asTable && (
        <figure className="turnover-chart__figure" aria-label={t('turnover.chartLabel', { from: monthText(first), to: monthText(last), total: money(total) })}>
          <div className="turnover-chart__plot">
            <div className="turnover-chart__y-axis" aria-hidden="true">
              {axis.ticks.map((tick) => (
                <span key={tick} className="turnover-chart__y-label" style={{ bottom: percentOf(tick, axis.topCents) }}>
                  {formatEur(tick, language, { wholeEuros: true })}
                </span>
              ))}
              {/* The widest label again, in the flow but unseen, so the axis column is as wide as its labels. */}
              <span className="turnover-chart__y-sizer">{formatEur(axis.topCents, language, { wholeEuros: true })}</span>
            </div>
            <div
              className="turnover-chart__area"
              onMouseLeave={() => setActive(focused.current)}
            >
              {axis.ticks.map((tick) => (
                <span key={tick} className={tick === 0 ? 'turnover-chart__gridline turnover-chart__gridline--base' : 'turnover-chart__gridline'} style={{ bottom: percentOf(tick, axis.topCents) }} aria-hidden="true" />
              ))}
              <div className="turnover-chart__bars">
                {months.map((month, index) => (
                  <button
                    key={month.month}
                    ref={(element) => {
                      bars.current[index] = element;
                    }}
                    type="button"
                    className={index === active ? 'turnover-chart__column turnover-chart__column--active' : 'turnover-chart__column'}
                    data-month={month.month}
                    aria-label={`${labels[index]?.long ?? monthText(month.month)}: ${money(month.spentCents)}`}
                    aria-describedby={index === active ? tooltipId : undefined}
                    tabIndex={index === tabStop ? 0 : -1}
                    onMouseEnter={() => setActive(index)}
                    onFocus={() => {
                      focused.current = index;
                      setStop(index);
                      setActive(index);
                    }}
                    onBlur={() => {
                      focused.current = null;
                      setActive((current) => (current === index ? null : current));
                    }}
                    onClick={() => setActive(index)}
                    onKeyDown={(event) => onBarKey(event, index)}
                  >
                    <span className="turnover-chart__bar" style={{ height: percentOf(month.spentCents, axis.topCents) }} />
                  </button>
                ))}
              </div>
              {activeMonth && activeLabel && (
                <div
                  id={tooltipId}
                  role="tooltip"
                  className="turnover-chart__tooltip"
                  style={{
                    left: `${anchor}%`,
                    transform: `translateX(-${anchor}%)`,
                    bottom: `min(calc(${percentOf(activeMonth.spentCents, axis.topCents)} + 0.5rem), calc(100% - 4rem))`,
                  }}
                >
                  <span className="turnover-chart__tooltip-month">{activeLabel.long}</span>
                  <strong className="turnover-chart__tooltip-amount">{money(activeMonth.spentCents)}</strong>
                  <span className="turnover-chart__tooltip-count">{t('turnover.transactions', { number: number(activeMonth.count) })}</span>
                </div>
              )}
            </div>
            {/* Month names under the bars in HTML, so the text keeps its size when the chart narrows. */}
            <div className="turnover-chart__x-axis" aria-hidden="true">
              {labels.map((label) => (
                <span key={label.month} className="turnover-chart__x-label">
                  <span className="turnover-chart__month-short">{label.short}</span>
                  <span className="turnover-chart__month-narrow">{label.narrow}</span>
                  {label.year && (
                    <span className="turnover-chart__year">
                      <span className="turnover-chart__year-full">{label.year}</span>
                      <span className="turnover-chart__year-short">{`’${label.year.slice(2)}`}</span>
                    </span>
                  )}
                </span>
              ))}
            </div>
          </div>
          <figcaption className="turnover-chart__caption">{t('turnover.highest', { amount: money(highest) })}</figcaption>
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
                <td className="data-table__cell data-table__cell--end">{money(month.spentCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="data-table__cell">{t('turnover.total')}</th>
              <td className="data-table__cell data-table__cell--end">{count}</td>
              <td className="data-table__cell data-table__cell--end">{money(total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
