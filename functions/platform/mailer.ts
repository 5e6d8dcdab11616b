import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from './aws/ses';
import { env } from './env';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

/**
 * The portal's own e-mails (Cognito sends the account ones). SES in the cloud; locally AWS_ENDPOINT_URL_SESV2
 * points at the adapter, which puts the message in the outbox.
 */
export async function sendEmail(email: Email): Promise<void> {
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: env().MAIL_FROM,
      Destination: { ToAddresses: [email.to] },
      Content: { Simple: { Subject: { Data: email.subject, Charset: 'UTF-8' }, Body: { Text: { Data: email.text, Charset: 'UTF-8' } } } },
    }),
  );
}

/**
 * Sends each e-mail on its own: one bad address must not keep the others from going out. A failure is logged for
 * the operator; the change the e-mails tell about has already happened and stands.
 */
export async function sendEmails(emails: readonly Email[]): Promise<void> {
  const results = await Promise.allSettled(emails.map((email) => sendEmail(email)));
  for (const result of results) if (result.status === 'rejected') console.error('e-mail not sent', result.reason);
}
