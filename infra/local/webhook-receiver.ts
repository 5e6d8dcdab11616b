import * as z from 'zod';

/**
 * The local cloud's own webhook endpoints, so a demo owner can register one and watch deliveries arrive:
 * POST /local/webhooks/receive/<name> answers 200 (with ?status=<code> any code, to see retries); POST
 * /local/webhooks/flaky/<name> answers 500 the first time it sees a webhook-id and 200 after. The page
 * /local/webhooks lists what arrived, newest first.
 */
export const receivedWebhookSchema = z.object({
  at: z.string(),
  endpoint: z.string(),
  answered: z.number(),
  webhookId: z.string(),
  webhookTimestamp: z.string(),
  webhookSignature: z.string(),
  body: z.string(),
});
export type ReceivedWebhook = z.infer<typeof receivedWebhookSchema>;

/** Kept in memory, the newest this many. */
const kept = 2_000;

export class WebhookReceiver {
  private readonly received: ReceivedWebhook[] = [];
  private readonly seenByFlaky = new Set<string>();

  /** Records one delivery and answers the status it gets. */
  receive(kind: 'receive' | 'flaky', name: string, headers: Record<string, string | undefined>, body: string, requestedStatus: number | null): number {
    const webhookId = headers['webhook-id'] ?? '';
    let answered = requestedStatus ?? 200;
    if (kind === 'flaky') {
      const key = `${name} ${webhookId}`;
      answered = this.seenByFlaky.has(key) ? 200 : 500;
      this.seenByFlaky.add(key);
    }
    this.received.unshift({
      at: new Date().toISOString(),
      endpoint: `${kind}/${name}`,
      answered,
      webhookId,
      webhookTimestamp: headers['webhook-timestamp'] ?? '',
      webhookSignature: headers['webhook-signature'] ?? '',
      body,
    });
    this.received.length = Math.min(this.received.length, kept);
    return answered;
  }

  list(): ReceivedWebhook[] {
    return [...this.received];
  }
}

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char);

export function renderWebhooksPage(entries: ReceivedWebhook[], receiveUrl: string): string {
  const rows = entries
    .slice(0, 200)
    .map((e) => {
      let type: string;
      try {
        type = String((JSON.parse(e.body) as { type?: unknown }).type ?? '');
      } catch {
        type = '';
      }
      return `<tr><td>${escape(e.at)}</td><td>${escape(e.endpoint)}</td><td>${e.answered}</td><td>${escape(type)}</td><td><code>${escape(e.webhookId)}</code></td><td><code>${escape(e.webhookSignature)}</code></td><td><pre>${escape(e.body)}</pre></td></tr>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local webhook receiver</title>
<meta http-equiv="refresh" content="5"><style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}pre{white-space:pre-wrap;margin:0;max-width:40rem}code{word-break:break-all}</style></head>
<body><main><h1>Local webhook receiver</h1><p>Register <code>${escape(receiveUrl)}/&lt;name&gt;</code> as a webhook endpoint in Integrations (add <code>?status=500</code> to see retries); what arrives shows here, newest first. Refreshes every 5 seconds.</p>
<table><thead><tr><th>Time</th><th>Endpoint</th><th>Answered</th><th>Event</th><th>webhook-id</th><th>webhook-signature</th><th>Body</th></tr></thead><tbody>${rows || '<tr><td colspan="7">Nothing has arrived yet.</td></tr>'}</tbody></table></main></body></html>`;
}
