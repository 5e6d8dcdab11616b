import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@functions/platform/env';
import { deadLetterMaxReceiveCount } from '../../functions/platform/queue-work';
import { waitFor } from './employee-fixtures';
import { takeDeadLettered } from './queue-fixtures';
import { cloud, outbox } from './support';

const savedEnvironment = { ...process.env };

beforeAll(() => {
  Object.assign(process.env, cloud().handlerEnvironment);
  resetEnvForTests();
});

afterAll(() => {
  process.env = savedEnvironment;
  resetEnvForTests();
});

describe("the portal's own e-mails", () => {
  it('are queued, and the mail worker of the local cloud sends each one through SES to the outbox', async () => {
    const { sendEmails } = await import('@functions/platform/mailer');
    const subject = `Queued ${randomUUID()}`;
    await sendEmails([
      { to: 'first@test.local', subject, text: 'One' },
      { to: 'second@test.local', subject, text: 'Two' },
    ]);

    const delivered = await waitFor(
      async () => (await outbox()).filter((entry) => entry.channel === 'email' && entry.subject === subject),
      (entries) => entries.length === 2,
      30_000,
    );
    expect(delivered.map((entry) => [entry.to, entry.body]).sort()).toEqual([
      ['first@test.local', 'One'],
      ['second@test.local', 'Two'],
    ]);
  });

  it('that SES refuses are tried again and then kept in the dead-letter queue, while the others go out', async () => {
    const { sendEmails } = await import('@functions/platform/mailer');
    const subject = `Refused ${randomUUID()}`;
    await sendEmails([
      { to: 'not-an-address', subject, text: 'Never delivered' },
      { to: 'fine@test.local', subject, text: 'Delivered' },
    ]);

    const deadLettered = await takeDeadLettered('mail', subject);
    expect(JSON.parse(deadLettered.Body ?? '{}')).toEqual({ to: 'not-an-address', subject, text: 'Never delivered' });
    expect(Number(deadLettered.Attributes?.ApproximateReceiveCount)).toBeGreaterThanOrEqual(deadLetterMaxReceiveCount);

    const sent = (await outbox()).filter((entry) => entry.channel === 'email' && entry.subject === subject);
    expect(sent.map((entry) => entry.to)).toEqual(['fine@test.local']);
  });
});
