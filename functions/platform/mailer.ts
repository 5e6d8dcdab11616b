import * as z from 'zod/mini';
import { sendInBatches } from './aws/sqs';
import { mailQueueUrl } from './env';
import { correlationAttributes, logger } from './logger';
import { readableError } from './readable-error';

export const emailSchema = /* @__PURE__ */ z.object({
  to: z.string().check(z.minLength(1)),
  subject: z.string(),
  text: z.string(),
  /** Set on an e-mail relayed from the outbox (functions/platform/outbox.ts): the mail worker sends an id once. */
  id: z.optional(z.string().check(z.minLength(1))),
});
export type Email = z.infer<typeof emailSchema>;

/**
 * Queues the portal's own e-mails (Cognito sends the account ones) on the mail queue, one message each; the mail
 * worker (functions/mail/send-emails.ts) hands them to SES, retries a failure, and leaves what still fails in the
 * dead-letter queue. Each is queued on its own: one that cannot be queued must not keep the others back. A failure
 * to queue is logged for the operator; the change the e-mails tell about has already happened and stands.
 */
export async function sendEmails(emails: readonly Email[]): Promise<void> {
  const failed = await queueEmails(emails);
  if (failed > 0) logger.error('e-mails not queued', { failed, of: emails.length });
}

/** How many of `emails` SQS did not take. */
async function queueEmails(emails: readonly Email[]): Promise<number> {
  const failed = await sendInBatches(
    mailQueueUrl(),
    emails.map((email) => JSON.stringify(email)),
    {
      // The request's correlation id goes with each e-mail, so the mail worker's lines can be found from it.
      entry: correlationAttributes(),
      onCallError: async (error) => logger.error('e-mail batch not queued', { error: await readableError(error) }),
    },
  );
  return failed.length;
}
