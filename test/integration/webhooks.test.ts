import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { createdApiKeySchema } from '@shared/api-keys';
import { webhookDeliveryListSchema, webhookEndpointListSchema, webhookEndpointWithSecretSchema, type WebhookEventType } from '@shared/webhooks';
import { keys } from '@functions/platform/keys';
import { createOwnCompany, type OwnCompany } from './company-fixtures';
import { waitFor } from './employee-fixtures';
import { putEmployees, type FixtureEmployee } from './funding-fixtures';
import { drained } from './queue-fixtures';
import { api, cloud, documents, fixtureCloud, outbox, signIn } from './support';

/**
 * Webhooks (issue 20): a company's endpoints get the events they chose, signed per Standard Webhooks (checked here with
 * the specification's own verifier), each event delivered once per endpoint however often it is retried.
 */
interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  answered: number;
}

/** A company's receiving system: answers each path with the statuses planned for it in turn, then 200. */
class Receiver {
  readonly received: Received[] = [];
  private readonly plans = new Map<string, number[]>();
  private server: Server | undefined;
  private port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        const answered = this.plans.get(path)?.shift() ?? 200;
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
        this.received.push({ path, headers, body: Buffer.concat(chunks).toString('utf8'), answered });
        response.writeHead(answered).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server?.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  plan(path: string, statuses: number[]): void {
    this.plans.set(path, statuses);
  }

  at(path: string): Received[] {
    return this.received.filter((entry) => entry.path === path);
  }

  async waitFor(path: string, count: number, timeoutMs = 20_000): Promise<Received[]> {
    return waitFor(async () => this.at(path), (entries) => entries.length >= count, timeoutMs);
  }
}

const receiver = new Receiver();
let company: OwnCompany;
let ownerToken: string;
let employees: FixtureEmployee[];

async function createEndpoint(path: string, events: WebhookEventType[], token = ownerToken) {
  const answer = await api('POST', '/webhooks/endpoints', { token, body: { url: receiver.url(path), events } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return webhookEndpointWithSecretSchema.parse(answer.body);
}

async function fund(employeeId: string, amountCents: number): Promise<void> {
  const answer = await api('POST', `/employees/${employeeId}/funds`, { token: ownerToken, body: { amountCents }, headers: { 'Idempotency-Key': randomUUID() } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function deliveries(endpointId: string) {
  const answer = await api('GET', `/webhooks/endpoints/${endpointId}/deliveries`, { token: ownerToken });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return webhookDeliveryListSchema.parse(answer.body).rows;
}

const eventBodySchema = z.object({ type: z.string(), timestamp: z.string(), data: z.record(z.string(), z.unknown()) });

beforeAll(async () => {
  await receiver.start();
  company = await createOwnCompany(fixtureCloud(), { role: 'owner', availableCents: 1_000_000 });
  employees = await putEmployees(fixtureCloud(), company.companyId, 3, 'active', 'wh');
  ownerToken = await signIn(company.email, undefined, company.phone);
});

afterAll(async () => {
  await receiver.stop();
});

describe('webhook deliveries', () => {
  it('post the events an endpoint chose, signed so the Standard Webhooks verifier accepts them, and log them as delivered', async () => {
    const { endpoint, secret } = await createEndpoint('/payroll', ['funding.applied', 'employee.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ status: 'enabled', events: ['funding.applied', 'employee.created'], failingSince: null });
    expect(JSON.stringify(webhookEndpointListSchema.parse((await api('GET', '/webhooks/endpoints', { token: ownerToken })).body))).not.toContain(secret.slice(6));

    const [employee] = employees;
    await fund(employee?.employeeId ?? '', 1234);
    const [delivered] = await receiver.waitFor('/payroll', 1);
    const verified = eventBodySchema.parse(new Webhook(secret).verify(delivered?.body ?? '', delivered?.headers ?? {}));
    expect(verified).toMatchObject({ type: 'funding.applied', data: { employeeId: employee?.employeeId, amountCents: 1234 } });
    expect(delivered?.headers['webhook-id']).toMatch(/^msg_/);
    expect(delivered?.headers['content-type']).toBe('application/json');
    // Another secret's verifier refuses it, and so does one of a body changed on the way.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(delivered?.body ?? '', delivered?.headers ?? {})).toThrow();
    expect(() => new Webhook(secret).verify((delivered?.body ?? '').replace('1234', '9234'), delivered?.headers ?? {})).toThrow();

    const logged = await waitFor(() => deliveries(endpoint.endpointId), (rows) => rows[0]?.status === 'delivered');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ deliveryId: delivered?.headers['webhook-id'], eventType: 'funding.applied', attempts: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
  });

  it('carry a timestamp the signature covers, so a receiver refuses a delivery replayed later, with its old timestamp or a fresh one', async () => {
    const { secret } = await createEndpoint('/replay', ['funding.applied']);
    await fund(employees[1]?.employeeId ?? '', 100);
    const [delivered] = await receiver.waitFor('/replay', 1);
    const headers = delivered?.headers ?? {};
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(() => new Webhook(secret).verify(delivered?.body ?? '', { ...headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) + 5) })).toThrow();
    // The same delivery replayed as it was, ten minutes later: its timestamp is too old for the verifier.
    expect(() => new Webhook(secret).verify(delivered?.body ?? '', headers)).not.toThrow();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60 * 1000 });
    try {
      expect(() => new Webhook(secret).verify(delivered?.body ?? '', headers)).toThrow(/too old/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('go only to enabled endpoints that chose the event, and an event reaches each of them once', async () => {
    const chosen = await createEndpoint('/chosen', ['funding.applied']);
    const other = await createEndpoint('/other-events', ['report.ready']);
    const switchedOff = await createEndpoint('/switched-off', ['funding.applied']);
    const disabled = await api('PATCH', `/webhooks/endpoints/${switchedOff.endpoint.endpointId}`, { token: ownerToken, body: { enabled: false } });
    expect(disabled).toMatchObject({ status: 200, body: { status: 'disabled', disabledReason: 'owner' } });

    await fund(employees[2]?.employeeId ?? '', 200);
    await receiver.waitFor('/chosen', 1);
    await drained('webhooks');
    expect(receiver.at('/chosen')).toHaveLength(1);
    expect(receiver.at('/other-events')).toHaveLength(0);
    expect(receiver.at('/switched-off')).toHaveLength(0);
    expect(await deliveries(other.endpoint.endpointId)).toEqual([]);
    expect(await deliveries(chosen.endpoint.endpointId)).toHaveLength(1);
  });

  it('retry an endpoint that failed, with the same webhook-id, until it answers, then count it delivered once', async () => {
    // The first retry comes 5 s after the failure; the next ones minutes and hours apart (webhookRetrySeconds).
    receiver.plan('/flaky', [503]);
    const { endpoint, secret } = await createEndpoint('/flaky', ['funding.applied']);
    await fund(employees[0]?.employeeId ?? '', 300);
    const attempts = await receiver.waitFor('/flaky', 2, 30_000);
    expect(attempts.map((attempt) => attempt.answered)).toEqual([503, 200]);
    expect(new Set(attempts.map((attempt) => attempt.headers['webhook-id'])).size).toBe(1);
    for (const attempt of attempts) expect(() => new Webhook(secret).verify(attempt.body, attempt.headers)).not.toThrow();

    const [logged] = await waitFor(() => deliveries(endpoint.endpointId), (rows) => rows[0]?.status === 'delivered');
    expect(logged).toMatchObject({ attempts: 2, lastStatusCode: 200 });
    // Succeeding again, the endpoint is not failing any more.
    const listed = webhookEndpointListSchema.parse((await api('GET', '/webhooks/endpoints', { token: ownerToken })).body).rows.find((row) => row.endpointId === endpoint.endpointId);
    expect(listed?.failingSince).toBeNull();
    await drained('webhooks');
    expect(receiver.at('/flaky')).toHaveLength(2);
  }, 60_000);

  it('are posted again by hand with the same id, and a rotated secret signs beside the old one while both are valid', async () => {
    const { endpoint, secret: first } = await createEndpoint('/rotating', ['funding.applied']);
    await fund(employees[1]?.employeeId ?? '', 400);
    const [original] = await receiver.waitFor('/rotating', 1);
    await waitFor(() => deliveries(endpoint.endpointId), (rows) => rows[0]?.status === 'delivered');

    const rotated = await api('POST', `/webhooks/endpoints/${endpoint.endpointId}/secret`, { token: ownerToken, body: {} });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const { endpoint: afterRotation, secret: second } = webhookEndpointWithSecretSchema.parse(rotated.body);
    expect(second).not.toBe(first);
    expect(Date.parse(afterRotation.previousSecretUntil ?? '') - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);

    const deliveryId = original?.headers['webhook-id'] ?? '';
    const again = await api('POST', `/webhooks/endpoints/${endpoint.endpointId}/deliveries/${deliveryId}/redeliver`, { token: ownerToken, body: {} });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const [, redelivered] = await receiver.waitFor('/rotating', 2);
    expect(redelivered?.headers['webhook-id']).toBe(deliveryId);
    expect(redelivered?.body).toBe(original?.body);
    expect(redelivered?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(() => new Webhook(first).verify(redelivered?.body ?? '', redelivered?.headers ?? {})).not.toThrow();
    expect(() => new Webhook(second).verify(redelivered?.body ?? '', redelivered?.headers ?? {})).not.toThrow();
    const [logged] = await waitFor(() => deliveries(endpoint.endpointId), (rows) => rows[0]?.status === 'delivered' && rows[0].attempts === 2);
    expect(logged?.deliveryId).toBe(deliveryId);
  });

  it('disable an endpoint that has failed for five days with no success, and tell the company owners by e-mail', async () => {
    receiver.plan('/down', Array.from({ length: 20 }, () => 500));
    const { endpoint } = await createEndpoint('/down', ['funding.applied']);
    // It has been failing since six days ago.
    await documents().send(
      new UpdateCommand({
        TableName: cloud().tableName,
        Key: keys.webhookEndpoint(company.companyId, endpoint.endpointId),
        UpdateExpression: 'SET failingSince = :since',
        ExpressionAttributeValues: { ':since': new Date(Date.now() - 6 * 24 * 60 * 60 * 1000).toISOString() },
      }),
    );
    await fund(employees[2]?.employeeId ?? '', 500);
    await receiver.waitFor('/down', 1);
    const listed = await waitFor(
      async () => webhookEndpointListSchema.parse((await api('GET', '/webhooks/endpoints', { token: ownerToken })).body).rows.find((row) => row.endpointId === endpoint.endpointId),
      (row) => row?.status === 'disabled',
    );
    expect(listed).toMatchObject({ status: 'disabled', disabledReason: 'failing' });
    const mail = await waitFor(
      async () => (await outbox()).find((entry) => entry.channel === 'email' && entry.to === company.email && entry.body.includes(endpoint.url)),
      (entry) => entry !== undefined,
    );
    expect(mail?.body).toContain('/integrations');
    // Disabled, it gets nothing more: the waiting retry ends failed without a post.
    await drained('webhooks');
    expect(receiver.at('/down')).toHaveLength(1);
  });
});

describe('webhook endpoints', () => {
  it('refuse an address inside the network, a URL that is no URL and an empty event list, writing nothing', async () => {
    for (const url of ['http://10.0.0.5/hook', 'https://169.254.169.254/latest/meta-data', 'https://192.168.1.10/', 'http://[::ffff:10.0.0.1]/', 'https://[fd00::1]/']) {
      const answer = await api('POST', '/webhooks/endpoints', { token: ownerToken, body: { url, events: ['funding.applied'] } });
      expect(answer, url).toMatchObject({ status: 400, body: { code: 'WEBHOOK_URL_NOT_ALLOWED', fields: { url: 'WEBHOOK_URL_NOT_ALLOWED' } } });
    }
    expect(await api('POST', '/webhooks/endpoints', { token: ownerToken, body: { url: 'ftp://example.com/', events: ['funding.applied'] } })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { url: 'INVALID_WEBHOOK_URL' } },
    });
    expect(await api('POST', '/webhooks/endpoints', { token: ownerToken, body: { url: receiver.url('/x'), events: [] } })).toMatchObject({ status: 400, body: { fields: { events: 'LIST_REQUIRED' } } });
    expect(await api('POST', '/webhooks/endpoints', { token: ownerToken, body: { url: receiver.url('/x'), events: ['salary.paid'] } })).toMatchObject({ status: 400 });
    const urls = webhookEndpointListSchema.parse((await api('GET', '/webhooks/endpoints', { token: ownerToken })).body).rows.map((row) => row.url);
    expect(urls.filter((url) => url.endsWith('/x') || !url.startsWith('http://127.0.0.1'))).toEqual([]);
  });

  it('are limited per company, and another company sees, changes and deletes none of them', async () => {
    const own = await createOwnCompany(fixtureCloud(), { role: 'owner' });
    const token = await signIn(own.email, undefined, own.phone);
    const made = [];
    for (let index = 0; index < 10; index += 1) made.push(await createEndpoint(`/limit-${index}`, ['report.ready'], token));
    const refused = await api('POST', '/webhooks/endpoints', { token, body: { url: receiver.url('/limit-10'), events: ['report.ready'] } });
    expect(refused).toMatchObject({ status: 409, body: { code: 'WEBHOOK_ENDPOINT_LIMIT' } });

    const theirs = made[0]?.endpoint.endpointId ?? '';
    expect((await api('GET', `/webhooks/endpoints/${theirs}/deliveries`, { token: ownerToken })).status).toBe(404);
    expect((await api('PATCH', `/webhooks/endpoints/${theirs}`, { token: ownerToken, body: { enabled: false } })).status).toBe(404);
    expect((await api('POST', `/webhooks/endpoints/${theirs}/secret`, { token: ownerToken, body: {} })).status).toBe(404);
    expect((await api('DELETE', `/webhooks/endpoints/${theirs}`, { token: ownerToken })).status).toBe(404);
    expect(webhookEndpointListSchema.parse((await api('GET', '/webhooks/endpoints', { token })).body).rows).toHaveLength(10);

    expect((await api('DELETE', `/webhooks/endpoints/${theirs}`, { token })).status).toBe(200);
    expect((await api('POST', '/webhooks/endpoints', { token, body: { url: receiver.url('/limit-10'), events: ['report.ready'] } })).status).toBe(200);
  });

  it('get the events of changes made through the public API with a key, as of the portal', async () => {
    await createEndpoint('/from-api', ['employee.created']);
    const created = await api('POST', '/api-keys', { token: ownerToken, body: { name: 'Payroll', scopes: ['employees:write'] } });
    const { secret: apiKey } = createdApiKeySchema.parse(created.body);
    const phone = `37129${String(Date.now()).slice(-6)}`;
    const added = await api('POST', '/v1/employees', { token: apiKey, body: { name: 'Pēteris', surname: 'Kalniņš', personalCode: '120385-10001', phone } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [delivered] = await receiver.waitFor('/from-api', 1);
    expect(eventBodySchema.parse(JSON.parse(delivered?.body ?? ''))).toMatchObject({ type: 'employee.created', data: { name: 'Pēteris', surname: 'Kalniņš', phone } });
  });
});
