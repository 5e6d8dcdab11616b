import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import { ses } from '../platform/aws/ses';
import { dynamo } from '../platform/aws/dynamo';
import { mailFrom, mailQueueUrl } from '../platform/env';
import { entities, keys } from '../platform/keys';
import { logger } from '../platform/logger';
import { emailSchema } from '../platform/mailer';
import { outboxKeptSeconds } from '../platform/outbox';
import { queueWorker } from '../platform/queue-worker';
import { readableError } from '../platform/readable-error';
import { getItem, tableName } from '../platform/table';

/**
 * The mail queue's worker: sends each queued e-mail through SES from MAIL_FROM (locally, the SES adapter puts it in
 * the outbox). A refused or failed send comes back after a short backoff; after its last receipt the message stays
 * in the dead-letter queue (14 days), whose alarm tells the operator. The only function that needs SES, so the others (report
 * and export workers, application decisions, chat notices) load the lighter SQS client instead.
 *
 * An e-mail relayed from the outbox carries an id, which may come more than once (the relay sends at least once): one
 * whose id is recorded as sent is not sent again. The record is written after SES took the e-mail, so a worker that
 * stops between the two sends it twice rather than never.
 */
export const handler = queueWorker({ name: 'e-mail', work: send, retryQueueUrl: () => mailQueueUrl() });

async function send(record: SQSRecord): Promise<void> {
  const email = emailSchema.parse(JSON.parse(record.body));
  if (email.id !== undefined && (await getItem(keys.sentEmail(email.id), { consistent: true }))) return;
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: mailFrom(),
      Destination: { ToAddresses: [email.to] },
      Content: { Simple: { Subject: { Data: email.subject, Charset: 'UTF-8' }, Body: { Text: { Data: email.text, Charset: 'UTF-8' } } } },
    }),
  );
  if (email.id === undefined) return;
  // As long as the outbox item that may relay it again is kept.
  const expiresAt = Math.floor(Date.now() / 1000) + outboxKeptSeconds;
  try {
    await dynamo.send(new PutCommand({ TableName: tableName(), Item: { ...keys.sentEmail(email.id), entity: entities.sentEmail, emailId: email.id, expiresAt } }));
  } catch (error) {
    // SES has it: failing the record would send it again now, not only if it is relayed again.
    logger.error('sent e-mail not recorded', { emailId: email.id, error: await readableError(error) });
  }
}
