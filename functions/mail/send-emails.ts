import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { SQSRecord } from 'aws-lambda';
import { ses } from '../platform/aws/ses';
import { env } from '../platform/env';
import { emailSchema } from '../platform/mailer';
import { queueWorker } from '../platform/queue-worker';

/**
 * The mail queue's worker: sends each queued e-mail through SES from MAIL_FROM (locally, the SES adapter puts it in
 * the outbox). A refused or failed send comes back after a short backoff; after its last receipt the message stays
 * in the dead-letter queue (14 days), whose alarm tells the operator. The only function that needs SES, so the others (report
 * and export workers, application decisions, chat notices) load the lighter SQS client instead.
 */
export const handler = queueWorker({ name: 'e-mail', work: send, retryQueueUrl: () => env().MAIL_QUEUE_URL });

async function send(record: SQSRecord): Promise<void> {
  const email = emailSchema.parse(JSON.parse(record.body));
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: env().MAIL_FROM,
      Destination: { ToAddresses: [email.to] },
      Content: { Simple: { Subject: { Data: email.subject, Charset: 'UTF-8' }, Body: { Text: { Data: email.text, Charset: 'UTF-8' } } } },
    }),
  );
}
