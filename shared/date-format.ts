/** The programme runs in Latvia: dates are shown in Riga time whatever the viewer's clock says. */
export const displayTimeZone = 'Europe/Riga';

/**
 * A formatter made on first use: creating one with a time zone loads the zone's rules (~3 ms), which a module-level
 * formatter would charge to every cold start that merely imports this module.
 */
function formatterOnFirstUse(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => (formatter ??= new Intl.DateTimeFormat(locale, options));
}

const partsFormatter = formatterOnFirstUse('en-GB', {
  timeZone: displayTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** DD.MM.YYYY, or DD.MM.YYYY HH:mm with time (SPEC section 1). */
export function formatDate(value: string | number | Date, options: { withTime?: boolean } = {}): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    partsFormatter().formatToParts(date).find((p) => p.type === type)?.value ?? '';
  const day = `${part('day')}.${part('month')}.${part('year')}`;
  return options.withTime ? `${day} ${part('hour')}:${part('minute')}` : day;
}


const dayParts = formatterOnFirstUse('en-CA', { timeZone: displayTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Riga calendar day (YYYY-MM-DD) a moment falls in: the day a transaction is listed and tallied under. */
export function rigaDateOf(at: Date): string {
  const parts = dayParts().formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
