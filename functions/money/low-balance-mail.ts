import { formatIban } from '@shared/iban';
import type { Language } from '@shared/languages';
import { centsToEurText } from '@shared/money-text';
import { formatPaymentReference, paymentReferenceOf } from '@shared/top-ups';
import { paths } from '@shared/routes';
import { portalUrl } from '../platform/env';
import { companyRecord } from '../platform/identity-records';
import { keys } from '../platform/keys';
import type { Email } from '../platform/mailer';
import { getItem } from '../platform/table';
import { companyMembers, type Contact } from '../users';
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
    subject: "The main account is below the company's alert threshold",
    body: (low) =>
      `The main account has EUR ${low.available} available, below the alert threshold of EUR ${low.threshold} the company's owners set. Fundings and fees that need more will not go through.\n\nTop up by bank transfer to ${low.iban} with the payment reference ${low.reference}.\n\nThe dashboard shows the balance: ${low.link}`,
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

/**
 * Whom the alert writes to: the members the owners chose who still belong and can be written to, or the owners when
 * none was chosen or all who were have left (an alert nobody reads would be worse than one to the owners).
 */
export async function lowBalanceContacts(companyId: string, chosenIds: readonly string[]): Promise<Contact[]> {
  const writable = (await companyMembers(companyId)).filter(({ profile }) => profile.status === 'active');
  const chosen = writable.filter(({ membership }) => chosenIds.includes(membership.userId));
  const to = chosen.length > 0 ? chosen : writable.filter(({ membership }) => membership.role === 'owner');
  return to.map(({ profile }) => ({ email: profile.email, name: profile.name, language: profile.language }));
}

/** The e-mails that tell the chosen members (or the owners), each in their language, that the main account fell below the threshold. */
export async function lowBalanceEmails(companyId: string, account: MainAccountRecord): Promise<Email[]> {
  const [contacts, company] = await Promise.all([lowBalanceContacts(companyId, account.lowBalanceRecipientIds), getItem(keys.company(companyId))]);
  if (!company) return [];
  const low: LowBalance = {
    available: centsToEurText(account.availableCents),
    threshold: centsToEurText(account.lowBalanceThresholdCents ?? 0),
    iban: formatIban(account.iban),
    reference: formatPaymentReference(paymentReferenceOf(companyRecord.parse(company).registrationNumber)),
    link: `${portalUrl()}${paths.dashboard}`,
  };
  return contacts.map(({ email, language }) => ({ to: email, subject: texts[language].subject, text: texts[language].body(low) }));
}
