import type { Language } from '@shared/languages';
import type { Contact } from '../users';
import type { Email } from '../platform/mailer';

export type DecisionKind = 'approved' | 'rejected' | 'returned';

interface Texts {
  subject: Record<DecisionKind, string>;
  body: Record<DecisionKind, (company: string, comment: string) => string>;
  greeting: (name: string) => string;
  link: string;
}

const texts: Record<Language, Texts> = {
  en: {
    subject: { approved: 'Your company is approved', rejected: 'Your application was declined', returned: 'Your application needs changes' },
    body: {
      approved: (company) => `${company} is approved. You can now order cards and fund them from the company's main account.`,
      rejected: (company, comment) => `The application of ${company} was declined. Reason: ${comment}`,
      returned: (company, comment) => `Some steps of the application of ${company} need changes: ${comment}`,
    },
    greeting: (name) => `Hello ${name},`,
    link: 'Open the portal',
  },
  lv: {
    subject: { approved: 'Jūsu uzņēmums ir apstiprināts', rejected: 'Jūsu pieteikums ir noraidīts', returned: 'Jūsu pieteikumā jāveic labojumi' },
    body: {
      approved: (company) => `${company} ir apstiprināts. Tagad varat pasūtīt kartes un papildināt tās no uzņēmuma galvenā konta.`,
      rejected: (company, comment) => `${company} pieteikums ir noraidīts. Iemesls: ${comment}`,
      returned: (company, comment) => `${company} pieteikuma dažos soļos jāveic labojumi: ${comment}`,
    },
    greeting: (name) => `Labdien, ${name}!`,
    link: 'Atvērt portālu',
  },
  ru: {
    subject: { approved: 'Ваша компания одобрена', rejected: 'Ваша заявка отклонена', returned: 'В вашей заявке нужны исправления' },
    body: {
      approved: (company) => `${company} одобрена. Теперь вы можете заказывать карты и пополнять их с основного счёта компании.`,
      rejected: (company, comment) => `Заявка ${company} отклонена. Причина: ${comment}`,
      returned: (company, comment) => `В некоторых шагах заявки ${company} нужны исправления: ${comment}`,
    },
    greeting: (name) => `Здравствуйте, ${name}!`,
    link: 'Открыть портал',
  },
};

/** One e-mail per member of the company, in the member's own language. */
export function decisionEmails(contacts: readonly Contact[], kind: DecisionKind, company: string, comment: string, portalUrl: string): Email[] {
  return contacts.map((contact) => {
    const text = texts[contact.language];
    return {
      to: contact.email,
      subject: text.subject[kind],
      text: `${text.greeting(contact.name)}\n\n${text.body[kind](company, comment)}\n\n${text.link}: ${portalUrl}/login`,
    };
  });
}
