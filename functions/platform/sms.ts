import { PublishCommand } from '@aws-sdk/client-sns';
import { e164 } from '@shared/account';
import { sns } from './aws/sns';

export interface Sms {
  /** Country code and number, digits only (the portal's phone format); SNS is given it as E.164. */
  phone: string;
  text: string;
}

/**
 * The portal's own text messages (Cognito sends the staff's codes itself). SNS Publish straight to the number in
 * the cloud; locally AWS_ENDPOINT_URL_SNS points at the adapter, which puts the message in the outbox.
 */
export async function sendSms(sms: Sms): Promise<void> {
  await sns.send(
    new PublishCommand({
      PhoneNumber: e164(sms.phone),
      Message: sms.text,
      // Codes must arrive now: transactional messages are routed for delivery, not for the lowest price.
      MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
    }),
  );
}
