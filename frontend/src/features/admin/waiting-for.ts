const hour = 60 * 60 * 1000;
const day = 24 * hour;

/** How long an application has waited, as the viewer's language says it ("3 days ago"). */
export function waitingFor(since: string, language: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(since).getTime());
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  if (elapsed < day) return format.format(-Math.floor(elapsed / hour), 'hour');
  return format.format(-Math.floor(elapsed / day), 'day');
}
