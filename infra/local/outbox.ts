import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import * as z from 'zod';

/** Every SMS and e-mail the local cloud would have sent, so codes and links can be read instead of delivered. */
export const outboxEntrySchema = z.object({
  at: z.string(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  source: z.string(),
  subject: z.string().optional(),
  body: z.string(),
  code: z.string().optional(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export class Outbox {
  constructor(private readonly file: string) {}

  add(entry: OutboxEntry): void {
    appendFileSync(this.file, `${JSON.stringify(outboxEntrySchema.parse(entry))}\n`);
  }

  /** Newest first. */
  list(): OutboxEntry[] {
    if (!existsSync(this.file)) return [];
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .flatMap((line) => {
        // A line still being appended (or damaged by hand) is skipped, not fatal for the page.
        try {
          const entry = outboxEntrySchema.safeParse(JSON.parse(line));
          return entry.success ? [entry.data] : [];
        } catch {
          return [];
        }
      })
      .reverse();
  }
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function renderOutboxPage(entries: OutboxEntry[]): string {
  const rows = entries
    .map(
      (e) =>
        `<tr><td>${escape(e.at)}</td><td>${e.channel}</td><td>${escape(e.to)}</td><td>${escape(e.source)}</td>` +
        `<td>${e.code ? `<strong>${escape(e.code)}</strong>` : ''}</td><td>${e.subject ? `<strong>${escape(e.subject)}</strong><br>` : ''}${escape(e.body).replace(/\n/g, '<br>')}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local outbox</title>
<meta http-equiv="refresh" content="5"><style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}</style></head>
<body><main><h1>Local outbox</h1><p>SMS and e-mail messages of the local portal, newest first. Refreshes every 5 seconds.</p>
<table><thead><tr><th>Time</th><th>Channel</th><th>To</th><th>Source</th><th>Code</th><th>Message</th></tr></thead><tbody>${rows || '<tr><td colspan="6">No messages yet.</td></tr>'}</tbody></table></main></body></html>`;
}
