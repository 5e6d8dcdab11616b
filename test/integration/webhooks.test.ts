import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { createdApiKeySchema } from '@shared/api-keys';
import { webhookDeliveryListSchema, webhookEndpointListSchema, webhookEndpointWithSecretSchema, webhookResponseBytes, webhookTestEventAnswerSchema, type WebhookEventType } from '@shared/webhooks';
import { entities, keys } from '@functions/platform/keys';
import { createOwnCompany, type OwnCompany } from './company-fixtures';
import { waitFor } from './employee-fixtures';
import { putEmployees, type FixtureEmployee } from './funding-fixtures';
import { drained } from './queue-fixtures';
import { api, asFunction, cloud, documents, fixtureCloud, outbox, signIn } from './support';

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

/**
 * A company's receiving system: answers each path with the statuses planned for it in turn, then 200; a held path
 * answers nothing until it is released (an endpoint that hangs).
 */
class Receiver {
  readonly received: Received[] = [];
  private readonly plans = new Map<string, number[]>();
  private readonly held = new Map<string, ServerResponse[]>();
  private readonly open = new Map<string, number>();
  private server: Server | undefined;
  private port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const path = request.url ?? '';
      this.open.set(path, (this.open.get(path) ?? 0) + 1);
      response.on('close', () => this.open.set(path, (this.open.get(path) ?? 1) - 1));
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const answered = this.plans.get(path)?.shift() ?? 200;
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
        this.received.push({ path, headers, body: Buffer.concat(chunks).toString('utf8'), answered });
        const waiting = this.held.get(path);
        if (waiting) waiting.push(response);
        else response.writeHead(answered).end(path.startsWith('/test-target') ? 'teapot: '.repeat(200) : undefined);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server?.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    for (const path of [...this.held.keys()]) this.release(path);
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  plan(path: string, statuses: number[]): void {
    this.plans.set(path, statuses);
  }

  hold(path: string): void {
    this.held.set(path, []);
  }

  /** Answers the held posts of a path (200), and answers the next ones at once. */
  release(path: string): void {
    for (const response of this.held.get(path) ?? []) response.writeHead(200).end();
    this.held.delete(path);
  }

  /** Posts to a path whose connection is still open: received, and not answered or given up yet. */
  openAt(path: string): number {
    return this.open.get(path) ?? 0;
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

async function fund(employeeId: string, amountCents: number, token = ownerToken): Promise<void> {
  const answer = await api('POST', `/employees/${employeeId}/funds`, { token, body: { amountCents }, headers: { 'Idempotency-Key': randomUUID() } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function deliveries(endpointId: string, token = ownerToken) {
  const answer = await api('GET', `/webhooks/endpoints/${endpointId}/deliveries`, { token });
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

  it('send a test event to the one endpoint asked, whatever events it chose, logged with its body and the first bytes of the answer', async () => {
    // A company of its own: the shared one's endpoints are near the limit.
    const owner = await createOwnCompany(fixtureCloud(), { role: 'owner' });
    const token = await signIn(owner.email, undefined, owner.phone);
    const { endpoint, secret } = await createEndpoint('/test-target', ['report.ready'], token);
    await createEndpoint('/test-bystander', ['report.ready'], token);
    const sent = await api('POST', `/webhooks/endpoints/${endpoint.endpointId}/test`, { token, body: {} });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { eventId } = webhookTestEventAnswerSchema.parse(sent.body);
    const [delivered] = await receiver.waitFor('/test-target', 1);
    expect(delivered?.headers['webhook-id']).toBe(eventId);
    expect(() => new Webhook(secret).verify(delivered?.body ?? '', delivered?.headers ?? {})).not.toThrow();
    expect(eventBodySchema.parse(JSON.parse(delivered?.body ?? '{}')).type).toBe('webhook.test');
    const [logged] = await waitFor(() => deliveries(endpoint.endpointId, token), (rows) => rows[0]?.status === 'delivered');
    expect(logged).toMatchObject({ deliveryId: eventId, eventType: 'webhook.test', payload: delivered?.body, lastStatusCode: 200, lastResponseBody: 'teapot: '.repeat(200).slice(0, webhookResponseBytes) });
    await drained('webhooks');
    expect(receiver.at('/test-bystander')).toHaveLength(0);

    const disabled = await createEndpoint('/test-disabled', ['report.ready'], token);
    expect((await api('PATCH', `/webhooks/endpoints/${disabled.endpoint.endpointId}`, { token, body: { enabled: false } })).status).toBe(200);
    expect(await api('POST', `/webhooks/endpoints/${disabled.endpoint.endpointId}/test`, { token, body: {} })).toMatchObject({ status: 409, body: { code: 'WEBHOOK_ENDPOINT_DISABLED' } });
    // Another company's owner finds no such endpoint.
    expect((await api('POST', `/webhooks/endpoints/${endpoint.endpointId}/test`, { token: ownerToken, body: {} })).status).toBe(404);
  }, 60_000);

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

/** An endpoint's item as the table holds it. */
async function endpointItem(companyId: string, endpointId: string): Promise<Record<string, unknown>> {
  const answer = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.webhookEndpoint(companyId, endpointId) }));
  if (!answer.Item) throw new Error(`no endpoint ${endpointId}`);
  return answer.Item;
}

/** Every string in an item, however deep. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/**
 * Whether a string holds a `whsec_` secret, or its 32 key bytes in any encoding a reader could undo without a key
 * (as written, base64, base64url or hex, whole or within the string).
 */
function revealsSecret(text: string, secret: string): boolean {
  const keyBytes = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  if (text.includes(secret.replace(/^whsec_/, ''))) return true;
  const decodings = [Buffer.from(text, 'utf8'), Buffer.from(text, 'base64'), Buffer.from(text, 'base64url'), ...(/^[0-9a-f]+$/i.test(text) ? [Buffer.from(text, 'hex')] : [])];
  return decodings.some((bytes) => bytes.includes(keyBytes.subarray(0, 16)) || bytes.toString('utf8').includes('whsec_'));
}

/** The shape endpoints were written in before issue 30: the secret in plaintext. */
async function putEndpointMadeBeforeSealing(companyId: string, path: string): Promise<{ endpointId: string; secret: string }> {
  const endpointId = `ep_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const createdAt = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  await documents().send(
    new PutCommand({
      TableName: cloud().tableName,
      Item: {
        ...keys.webhookEndpoint(companyId, endpointId),
        entity: entities.webhookEndpoint,
        endpointId,
        companyId,
        url: receiver.url(path),
        events: ['funding.applied'],
        status: 'enabled',
        disabledReason: null,
        secrets: [{ secret, createdAt, expiresAt: null }],
        createdAt,
        createdBy: 'user-before-issue-30',
        failingSince: null,
      },
    }),
  );
  return { endpointId, secret };
}

describe('webhook signing secrets (issue 30)', () => {
  // A company of its own: the one above has as many endpoints as a company may.
  let sealing: OwnCompany;
  let token: string;
  let staff: FixtureEmployee[];
  beforeAll(async () => {
    sealing = await createOwnCompany(fixtureCloud(), { role: 'owner', availableCents: 1_000_000 });
    staff = await putEmployees(fixtureCloud(), sealing.companyId, 3, 'active', 'ws');
    token = await signIn(sealing.email, undefined, sealing.phone);
  });

  it('are stored sealed: the endpoint item holds no secret in any readable form, and its deliveries are signed with it still', async () => {
    const { endpoint, secret } = await createEndpoint('/sealed', ['funding.applied'], token);
    const item = await endpointItem(sealing.companyId, endpoint.endpointId);
    expect(item.secrets).toEqual([{ sealed: expect.objectContaining({ keySource: 'local' }), createdAt: expect.any(String), expiresAt: null }]);
    const revealing = stringsOf(item).filter((text) => revealsSecret(text, secret));
    expect(revealing).toEqual([]);
    // The check would find it, were it there.
    expect(stringsOf({ ...item, copy: Buffer.from(secret.replace(/^whsec_/, ''), 'base64').toString('hex') }).some((text) => revealsSecret(text, secret))).toBe(true);

    await fund(staff[0]?.employeeId ?? '', 600, token);
    const [delivered] = await receiver.waitFor('/sealed', 1);
    expect(() => new Webhook(secret).verify(delivered?.body ?? '', delivered?.headers ?? {})).not.toThrow();
  });

  it('open for their own endpoint only: a sealed secret copied onto another endpoint signs nothing there', async () => {
    const { openSigningSecrets } = await import('@functions/webhooks/signing-secrets');
    const { webhookEndpointRecord } = await import('@functions/webhooks/webhook-records');
    const { endpoint: first, secret } = await createEndpoint('/first-of-two', ['report.ready'], token);
    const { endpoint: second } = await createEndpoint('/second-of-two', ['report.ready'], token);
    const own = webhookEndpointRecord.parse(await endpointItem(sealing.companyId, first.endpointId));
    const other = webhookEndpointRecord.parse(await endpointItem(sealing.companyId, second.endpointId));
    expect(await openSigningSecrets(own)).toEqual([secret]);
    await expect(openSigningSecrets({ ...other, secrets: own.secrets })).rejects.toThrow(/does not open/);
  });

  it('made before issue 30 in plaintext still sign, are sealed by the deploy job (once) or by a rotation, and sign the same after', async () => {
    const migrated = await putEndpointMadeBeforeSealing(sealing.companyId, '/made-before');
    const rotated = await putEndpointMadeBeforeSealing(sealing.companyId, '/rotated-before');
    await fund(staff[1]?.employeeId ?? '', 700, token);
    const [beforeSealing] = await receiver.waitFor('/made-before', 1);
    expect(() => new Webhook(migrated.secret).verify(beforeSealing?.body ?? '', beforeSealing?.headers ?? {})).not.toThrow();
    await receiver.waitFor('/rotated-before', 1);

    // A rotation carries the old secret over sealed: it signs beside the new one, and neither is readable.
    const rotation = await api('POST', `/webhooks/endpoints/${rotated.endpointId}/secret`, { token, body: {} });
    expect(rotation.status, JSON.stringify(rotation.body)).toBe(200);
    const { secret: newSecret } = webhookEndpointWithSecretSchema.parse(rotation.body);
    const rotatedItem = await endpointItem(sealing.companyId, rotated.endpointId);
    expect(rotatedItem.secrets).toEqual([expect.objectContaining({ sealed: expect.any(Object) }), expect.objectContaining({ sealed: expect.any(Object), expiresAt: expect.any(String) })]);
    expect(stringsOf(rotatedItem).filter((text) => revealsSecret(text, rotated.secret) || revealsSecret(text, newSecret))).toEqual([]);

    const sealWebhookSecrets = asFunction('webhooks/seal-webhook-secrets', (await import('@functions/webhooks/seal-webhook-secrets')).handler);
    expect(await sealWebhookSecrets({})).toEqual({ sealed: 1 });
    const migratedItem = await endpointItem(sealing.companyId, migrated.endpointId);
    expect(migratedItem.secrets).toEqual([{ sealed: expect.objectContaining({ keySource: 'local' }), createdAt: expect.any(String), expiresAt: null }]);
    expect(stringsOf(migratedItem).filter((text) => revealsSecret(text, migrated.secret))).toEqual([]);
    // Run again, it finds nothing left to seal.
    expect(await sealWebhookSecrets({})).toEqual({ sealed: 0 });

    await fund(staff[2]?.employeeId ?? '', 800, token);
    const [, afterSealing] = await receiver.waitFor('/made-before', 2);
    expect(() => new Webhook(migrated.secret).verify(afterSealing?.body ?? '', afterSealing?.headers ?? {})).not.toThrow();
    const [, afterRotation] = await receiver.waitFor('/rotated-before', 2);
    expect(afterRotation?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(() => new Webhook(rotated.secret).verify(afterRotation?.body ?? '', afterRotation?.headers ?? {})).not.toThrow();
    expect(() => new Webhook(newSecret).verify(afterRotation?.body ?? '', afterRotation?.headers ?? {})).not.toThrow();
  });
});

describe('the webhook worker', () => {
  const recordOf = (body: string): SQSRecord => ({
    messageId: randomUUID(),
    receiptHandle: randomUUID(),
    body,
    attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(Date.now()), SenderId: 'test', ApproximateFirstReceiveTimestamp: String(Date.now()) },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:eu-west-1:000000000000:portal-webhooks',
    awsRegion: 'eu-west-1',
  });
  const eventRecord = (companyId: string) =>
    recordOf(JSON.stringify({ kind: 'event', event: { id: `msg_${randomUUID().replace(/-/g, '')}`, companyId, type: 'report.ready', timestamp: new Date().toISOString(), data: { reportId: 'r1' } } }));

  it("works a batch's records at once: one company's endpoint that hangs holds back no other company's delivery, and only the record that fails is reported", async () => {
    // Two companies of their own: the one above has as many endpoints as a company may.
    const [slow, other] = await Promise.all([createOwnCompany(fixtureCloud(), { role: 'owner' }), createOwnCompany(fixtureCloud(), { role: 'owner' })]);
    const slowToken = await signIn(slow.email, undefined, slow.phone);
    const otherToken = await signIn(other.email, undefined, other.phone);
    receiver.hold('/hanging');
    const hangingEndpoint = await createEndpoint('/hanging', ['report.ready'], slowToken);
    const prompt = await createEndpoint('/prompt', ['report.ready'], otherToken);
    const loggedOf = async (endpointId: string, token: string) =>
      webhookDeliveryListSchema.parse((await api('GET', `/webhooks/endpoints/${endpointId}/deliveries`, { token })).body).rows;

    const handler = asFunction('webhooks/deliver-webhooks', (await import('@functions/webhooks/deliver-webhooks')).handler);
    const malformed = recordOf('{"kind":"event"}');
    const batch = handler({ Records: [eventRecord(slow.companyId), malformed, eventRecord(other.companyId)] });
    try {
      await receiver.waitFor('/hanging', 1);
      // The other company's delivery is posted, answered and recorded while the hanging post is still open.
      await receiver.waitFor('/prompt', 1);
      const [logged] = await waitFor(() => loggedOf(prompt.endpoint.endpointId, otherToken), (rows) => rows[0]?.status === 'delivered');
      expect(logged?.lastStatusCode).toBe(200);
      expect(receiver.openAt('/hanging')).toBe(1);
      expect(await loggedOf(hangingEndpoint.endpoint.endpointId, slowToken)).toEqual([expect.objectContaining({ status: 'sending' })]);
    } finally {
      receiver.release('/hanging');
    }
    expect(await batch).toEqual({ batchItemFailures: [{ itemIdentifier: malformed.messageId }] });
    // Answered once released, the hanging post is delivered too.
    expect(receiver.openAt('/hanging')).toBe(0);
    expect(await loggedOf(hangingEndpoint.endpoint.endpointId, slowToken)).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1 })]);
  }, 60_000);
});
