import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { webhookEndpointWithSecretSchema } from '@shared/webhooks';
import { demoPassword } from '../../infra/local/demo-data';
import { localClients } from '../../infra/local/provision';
import { fixedSmsCode } from '../../infra/local/settings';
import { benchPorts } from './bench-cloud';
import type { ReadyInfo } from '../../infra/local/spawn-local-cloud';
import { createOwnCompany } from '../integration/company-fixtures';
import { putEmployees } from '../integration/funding-fixtures';

const events = 1_000;
const endpoints = 10;
/** Transfers in flight at once: a payroll run's burst. */
const concurrency = 20;
const deliveredWithinMs = 300_000;

export interface WebhookFanOut {
  events: number;
  endpoints: number;
  delivered: number;
  /** Deliveries that never arrived (an endpoint missing a webhook-id). */
  lost: number;
  /** A webhook-id an endpoint accepted more than once. */
  duplicated: number;
  p50Ms: number;
  p99Ms: number;
  /** How long the 1,000 transfers took through the API (the events' own rate). */
  eventSeconds: number;
  /** From the first event to the last delivery. */
  seconds: number;
}

const eventBodySchema = z.object({ timestamp: z.string() });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Webhook fan-out against the running local cloud: a company of its own with ten endpoints (a server in this process,
 * on loopback, which the local cloud allows) for funding.applied, then 1,000 transfers through the API. The time of a
 * delivery is from its event (the payload's timestamp, taken when the transfer committed) to its arrival here.
 */
export async function benchWebhookFanOut(cloud: ReadyInfo): Promise<WebhookFanOut> {
  const arrivals = new Map<string, { at: number; eventAt: number; count: number }>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const key = `${request.url ?? ''} ${String(request.headers['webhook-id'])}`;
      const seen = arrivals.get(key);
      if (seen) seen.count += 1;
      else arrivals.set(key, { at: Date.now(), eventAt: Date.parse(eventBodySchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8'))).timestamp), count: 1 });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    const clients = localClients(benchPorts);
    const fixture = { table: DynamoDBDocumentClient.from(clients.dynamodb), tableName: cloud.resources.tableName, cognito: clients.cognito, userPoolId: cloud.resources.userPoolId };
    const company = await createOwnCompany(fixture, { role: 'owner', availableCents: 1_000_000_000 });
    // Many employees, so concurrent transfers seldom meet on one.
    const employees = await putEmployees(fixture, company.companyId, 100, 'active', 'webhook-bench');
    const first = await clients.cognito.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cloud.resources.userPoolClientId, AuthParameters: { USERNAME: company.email, PASSWORD: demoPassword } }),
    );
    const second = await clients.cognito.send(
      new RespondToAuthChallengeCommand({ ChallengeName: 'SMS_MFA', ClientId: cloud.resources.userPoolClientId, Session: first.Session, ChallengeResponses: { USERNAME: company.email, SMS_MFA_CODE: fixedSmsCode } }),
    );
    const token = second.AuthenticationResult?.AccessToken;
    if (!token) throw new Error('the webhook bench user got no access token');
    const call = async (method: string, path: string, body: unknown) => {
      const response = await fetch(`${cloud.urls.api}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return JSON.parse(text) as unknown;
    };
    for (let index = 0; index < endpoints; index += 1) {
      webhookEndpointWithSecretSchema.parse(await call('POST', '/webhooks/endpoints', { url: `http://127.0.0.1:${port}/endpoint-${index}`, events: ['funding.applied'] }));
    }

    const started = Date.now();
    let sent = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (sent < events) {
          const employee = employees[sent % employees.length];
          sent += 1;
          await call('POST', `/employees/${employee?.employeeId ?? ''}/funds`, { amountCents: 100 });
        }
      }),
    );
    const eventSeconds = (Date.now() - started) / 1000;
    const expected = events * endpoints;
    const deadline = Date.now() + deliveredWithinMs;
    while (arrivals.size < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    // A little longer, so a duplicate on its way is counted too.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const latencies = [...arrivals.values()].map((arrival) => arrival.at - arrival.eventAt).sort((a, b) => a - b);
    const perEndpoint = new Map<string, number>();
    for (const key of arrivals.keys()) {
      const path = key.split(' ')[0] ?? '';
      perEndpoint.set(path, (perEndpoint.get(path) ?? 0) + 1);
    }
    return {
      events,
      endpoints,
      delivered: arrivals.size,
      lost: Array.from({ length: endpoints }, (_, index) => events - (perEndpoint.get(`/endpoint-${index}`) ?? 0)).reduce((a, b) => a + b, 0),
      duplicated: [...arrivals.values()].filter((arrival) => arrival.count > 1).length,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      eventSeconds,
      seconds: (Math.max(...[...arrivals.values()].map((arrival) => arrival.at)) - started) / 1000,
    };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
