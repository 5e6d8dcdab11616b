import { randomUUID } from 'node:crypto';
import { DeleteQueueCommand, GetQueueUrlCommand, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { webhookEndpointWithSecretSchema } from '@shared/webhooks';
import { queueDefinitions } from '../../infra/definitions';
import { provisionQueue } from '../../infra/local/provision';
import { receivedWebhookSchema } from '../../infra/local/webhook-receiver';
import { resourceNames } from '../../infra/local/settings';
import { createOwnCompany, type OwnCompany } from './company-fixtures';
import { waitFor } from './employee-fixtures';
import { putEmployees, type FixtureEmployee } from './funding-fixtures';
import { drained, relayStatus } from './queue-fixtures';
import { api, cloud, emulators, fixtureCloud, outbox, signIn } from './support';

/**
 * Issue 31, "nothing said after a change is lost": what a change tells (its webhook event, its e-mails) is written in
 * the change's own transaction as an outbox item and relayed from the table's stream at least once, so a queue that
 * cannot take it when the change commits delays it and loses nothing.
 */

async function received(name: string) {
  const answer = await fetch(`${cloud().apiUrl}/local/webhooks.json`);
  return z.array(receivedWebhookSchema).parse(await answer.json()).filter((entry) => entry.endpoint === `receive/${name}`);
}

const webhooksQueue = queueDefinitions.find((queue) => queue.role === 'webhooks');

let company: OwnCompany;
let ownerToken: string;
let employees: FixtureEmployee[];

beforeAll(async () => {
  company = await createOwnCompany(fixtureCloud(), { role: 'owner', availableCents: 1_000_000 });
  employees = await putEmployees(fixtureCloud(), company.companyId, 1, 'active', 'ob');
  ownerToken = await signIn(company.email, undefined, company.phone);
});

describe('the outbox', () => {
  it('delivers the webhook event of a committed change that the webhooks queue could not take when it committed', async () => {
    if (!webhooksQueue) throw new Error('no webhooks queue');
    const name = `outbox-${randomUUID().slice(0, 8)}`;
    const created = await api('POST', '/webhooks/endpoints', {
      token: ownerToken,
      body: { url: `http://127.0.0.1:${new URL(cloud().apiUrl).port}/local/webhooks/receive/${name}`, events: ['funding.applied'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    webhookEndpointWithSecretSchema.parse(created.body);

    const sqs = emulators().sqs;
    const queueUrl = (await sqs.send(new GetQueueUrlCommand({ QueueName: resourceNames.queue('webhooks') }))).QueueUrl;
    const before = await relayStatus();
    // A real failure of the send: the queue is not there while the change commits and the relay first tries.
    await sqs.send(new DeleteQueueCommand({ QueueUrl: queueUrl }));
    try {
      const funded = await api('POST', `/employees/${employees[0]?.employeeId ?? ''}/funds`, { token: ownerToken, body: { amountCents: 4321 }, headers: { 'Idempotency-Key': randomUUID() } });
      expect(funded.status, JSON.stringify(funded.body)).toBe(200);
      await waitFor(relayStatus, (status) => status.failedAttempts > before.failedAttempts, 20_000);
      expect(await received(name)).toEqual([]);
    } finally {
      await provisionQueue(sqs, webhooksQueue);
    }

    const [delivered] = await waitFor(() => received(name), (entries) => entries.length > 0, 30_000);
    expect(JSON.parse(delivered?.body ?? '{}')).toMatchObject({ type: 'funding.applied', data: { employeeId: employees[0]?.employeeId, amountCents: 4321 } });
    await drained('webhooks');
    // Relayed again after its failure, told once: one delivery, with one id.
    expect((await received(name)).map((entry) => entry.webhookId)).toEqual([delivered?.webhookId]);
    expect((await relayStatus()).givenUp).toBe(before.givenUp);
  });

  it('sends an e-mail relayed twice once: the mail worker knows its id', async () => {
    const subject = `Relayed twice ${randomUUID()}`;
    const email = JSON.stringify({ to: 'twice@test.local', subject, text: 'Once', id: `${randomUUID()}.0` });
    const sqs = emulators().sqs;
    const queueUrl = (await sqs.send(new GetQueueUrlCommand({ QueueName: resourceNames.queue('mail') }))).QueueUrl;
    await sqs.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: [{ Id: 'first', MessageBody: email }] }));
    await waitFor(async () => (await outbox()).filter((entry) => entry.subject === subject), (entries) => entries.length === 1, 30_000);
    await sqs.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: [{ Id: 'again', MessageBody: email }] }));
    await drained('mail');
    expect((await outbox()).filter((entry) => entry.subject === subject)).toHaveLength(1);
  });
});
