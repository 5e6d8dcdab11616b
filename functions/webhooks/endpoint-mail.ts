import type { Language } from '@shared/languages';
import { paths } from '@shared/routes';
import { webhookDisableAfterDays } from '@shared/webhooks';
import { portalUrl } from '../platform/env';
import type { Email } from '../platform/mailer';
import { activeOwners } from '../users';
import type { WebhookEndpointRecord } from './webhook-records';

const texts: Record<Language, { subject: string; body: (url: string, link: string) => string }> = {
  en: {
    subject: 'A webhook endpoint was disabled',
    body: (url, link) =>
      `The webhook endpoint ${url} has not accepted a delivery for ${webhookDisableAfterDays} days, so the portal stopped sending it events.\n\nIts delivery log shows what it answered. When it works again, enable it and redeliver what it missed: ${link}`,
  },
  lv: {
    subject: 'Tīmekļa aizķeres galapunkts ir atspējots',
    body: (url, link) =>
      `Tīmekļa aizķeres galapunkts ${url} ${webhookDisableAfterDays} dienas nav pieņēmis nevienu piegādi, tāpēc portāls pārtrauca tam sūtīt notikumus.\n\nTā piegāžu žurnālā redzams, ko tas atbildēja. Kad tas atkal darbojas, iespējojiet to un nosūtiet atkārtoti nepiegādāto: ${link}`,
  },
  ru: {
    subject: 'Адрес вебхука отключён',
    body: (url, link) =>
      `Адрес вебхука ${url} не принял ни одной доставки за ${webhookDisableAfterDays} дней, поэтому портал перестал отправлять ему события.\n\nВ журнале доставок видно, что он отвечал. Когда он снова заработает, включите его и отправьте пропущенное повторно: ${link}`,
  },
};

/** The e-mails that tell the company's owners, each in their language, that an endpoint was disabled for failing. */
export async function endpointDisabledEmails(endpoint: WebhookEndpointRecord): Promise<Email[]> {
  const link = `${portalUrl()}${paths.integrations}`;
  return (await activeOwners(endpoint.companyId)).map(({ email, language }) => ({ to: email, subject: texts[language].subject, text: texts[language].body(endpoint.url, link) }));
}
