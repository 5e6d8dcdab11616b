import { formatIban } from '@shared/iban';
import type { Language } from '@shared/languages';
import { centsToEurText } from '@shared/money-text';
import { formatPaymentReference, paymentReferenceOf } from '@shared/top-ups';
import { paths } from '@shared/routes';
import { env } from '../platform/env';
import { companyRecord } from '../platform/identity-records';
import { keys } from '../platform/keys';
import type { Email } from '../platform/mailer';
import { getItem } from '../platform/table';
import { activeOwners } from '../users';
import type { MainAccountRecord } from './money-records';

interface LowBalance {
  available: string;
  threshold: string;
  iban: string;
  reference: string;
  link: string;
}

const texts: Record<Language, { subject: string; body: (low: LowBalance) => string }> = {
  en: {
    subject: 'The main account is below your alert threshold',
    body: (low) =>
      `The main account has EUR ${low.available} available, below the EUR ${low.threshold} you set for this alert. Fundings and fees that need more will not go through.\n\nTop up by bank transfer to ${low.iban} with the payment reference ${low.reference}.\n\nThe dashboard shows the balance: ${low.link}`,
  },
  lv: {
    subject: 'Galvenā konta atlikums ir zem brīdinājuma sliekšņa',
    body: (low) =>
      `Galvenajā kontā pieejami EUR ${low.available}, mazāk nekā šim brīdinājumam norādītie EUR ${low.threshold}. Papildināšanas un maksas, kurām vajag vairāk, netiks izpildītas.\n\nPapildiniet ar bankas pārskaitījumu uz ${low.iban}, norādot maksājuma mērķi ${low.reference}.\n\nAtlikums redzams pārskatā: ${low.link}`,
  },
  ru: {
    subject: 'Остаток основного счёта ниже порога оповещения',
    body: (low) =>
      `На основном счёте доступно EUR ${low.available}, меньше заданных для этого оповещения EUR ${low.threshold}. Пополнения и комиссии, которым нужно больше, не пройдут.\n\nПополните счёт банковским переводом на ${low.iban} с назначением платежа ${low.reference}.\n\nОстаток виден на обзоре: ${low.link}`,
  },
};

/** The e-mails that tell the company's owners, each in their language, that the main account fell below their threshold. */
export async function lowBalanceEmails(companyId: string, account: MainAccountRecord): Promise<Email[]> {
  const [owners, company] = await Promise.all([activeOwners(companyId), getItem(keys.company(companyId))]);
  if (!company) return [];
  const low: LowBalance = {
    available: centsToEurText(account.availableCents),
    threshold: centsToEurText(account.lowBalanceThresholdCents ?? 0),
    iban: formatIban(account.iban),
    reference: formatPaymentReference(paymentReferenceOf(companyRecord.parse(company).registrationNumber)),
    link: `${env().PORTAL_URL}${paths.dashboard}`,
  };
  return owners.map(({ email, language }) => ({ to: email, subject: texts[language].subject, text: texts[language].body(low) }));
}
