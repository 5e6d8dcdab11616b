import type { Language } from '@shared/languages';
import type { Email } from '../platform/mailer';

interface Texts {
  subject: (subject: string) => string;
  greeting: (name: string) => string;
  body: (subject: string, unread: number) => string;
  link: string;
}

const texts: Record<Language, Texts> = {
  en: {
    subject: (subject) => `New reply in the support chat "${subject}"`,
    greeting: (name) => `Hello ${name},`,
    body: (subject, unread) => `The support chat "${subject}" has ${unread} unread ${unread === 1 ? 'message' : 'messages'}.`,
    link: 'Read it in the portal',
  },
  lv: {
    subject: (subject) => `Jauna atbilde atbalsta sarakstē "${subject}"`,
    greeting: (name) => `Labdien, ${name}!`,
    body: (subject, unread) => `Atbalsta sarakstē "${subject}" ir nelasītas ziņas: ${unread}.`,
    link: 'Izlasiet to portālā',
  },
  ru: {
    subject: (subject) => `Новый ответ в чате поддержки «${subject}»`,
    greeting: (name) => `Здравствуйте, ${name}!`,
    body: (subject, unread) => `В чате поддержки «${subject}» непрочитанных сообщений: ${unread}.`,
    link: 'Прочитайте его на портале',
  },
};

export interface NoticeRecipient {
  email: string;
  name: string;
  language: Language;
}

/** One e-mail per recipient, in the recipient's language, linking to the messaging screen of their side. */
export function unseenReplyEmails(recipients: readonly NoticeRecipient[], chat: { subject: string; unread: number }, link: string): Email[] {
  return recipients.map((recipient) => {
    const text = texts[recipient.language];
    return {
      to: recipient.email,
      subject: text.subject(chat.subject),
      text: `${text.greeting(recipient.name)}\n\n${text.body(chat.subject, chat.unread)}\n\n${text.link}: ${link}`,
    };
  });
}
