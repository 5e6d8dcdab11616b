/** The programme runs in Latvia: dates are shown in Riga time whatever the viewer's clock says. */
export const displayTimeZone = 'Europe/Riga';

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
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
    partsFormatter.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  const day = `${part('day')}.${part('month')}.${part('year')}`;
  return options.withTime ? `${day} ${part('hour')}:${part('minute')}` : day;
}

