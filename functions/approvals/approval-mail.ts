import type { Language } from '@shared/languages';
import { centsToEurText } from '@shared/money-text';
import { paths } from '@shared/routes';
import { portalUrl } from '../platform/env';
import type { Email } from '../platform/mailer';
import { companyMembers } from '../users';
import type { ApprovalRequestRecord } from './approval-store';

interface Told {
  requester: string;
  /** What is asked, as a phrase that follows "asks" and "your request": "to fund EUR 600.00 (Anna Bērziņa)". */
  what: string;
  decider: string;
  comment: string;
  link: string;
}

const requestedTexts: Record<Language, { subject: string; body: (told: Told) => string }> = {
  en: {
    subject: 'A request waits for your approval',
    body: (told) => `${told.requester} asks ${told.what}. Nothing is done until an owner or another manager approves it.\n\nApprove or reject it: ${told.link}`,
  },
  lv: {
    subject: 'Pieprasījums gaida jūsu apstiprinājumu',
    body: (told) => `${told.requester} lūdz ${told.what}. Nekas netiks darīts, kamēr to neapstiprinās īpašnieks vai cits vadītājs.\n\nApstipriniet vai noraidiet: ${told.link}`,
  },
  ru: {
    subject: 'Запрос ждёт вашего подтверждения',
    body: (told) => `${told.requester} просит ${told.what}. Ничего не будет сделано, пока владелец или другой менеджер не подтвердит.\n\nПодтвердите или отклоните: ${told.link}`,
  },
};

const decidedTexts: Record<'approved' | 'rejected' | 'expired', Record<Language, { subject: string; body: (told: Told) => string }>> = {
  approved: {
    en: { subject: 'Your request was approved', body: (told) => `${told.decider} approved your request ${told.what}; it is being done now.${told.comment}\n\n${told.link}` },
    lv: { subject: 'Jūsu pieprasījums apstiprināts', body: (told) => `${told.decider} apstiprināja jūsu pieprasījumu ${told.what}; tas tiek izpildīts.${told.comment}\n\n${told.link}` },
    ru: { subject: 'Ваш запрос подтверждён', body: (told) => `${told.decider} подтвердил(а) ваш запрос: ${told.what}; он выполняется.${told.comment}\n\n${told.link}` },
  },
  rejected: {
    en: { subject: 'Your request was rejected', body: (told) => `${told.decider} rejected your request ${told.what}; nothing was done.${told.comment}\n\n${told.link}` },
    lv: { subject: 'Jūsu pieprasījums noraidīts', body: (told) => `${told.decider} noraidīja jūsu pieprasījumu ${told.what}; nekas netika izdarīts.${told.comment}\n\n${told.link}` },
    ru: { subject: 'Ваш запрос отклонён', body: (told) => `${told.decider} отклонил(а) ваш запрос: ${told.what}; ничего не сделано.${told.comment}\n\n${told.link}` },
  },
  expired: {
    en: { subject: 'Your request expired', body: (told) => `Nobody decided your request ${told.what} in time; nothing was done. Ask again if it is still needed.\n\n${told.link}` },
    lv: { subject: 'Jūsu pieprasījumam beidzies termiņš', body: (told) => `Neviens laikus neizlēma par jūsu pieprasījumu ${told.what}; nekas netika izdarīts. Ja tas joprojām vajadzīgs, pieprasiet vēlreiz.\n\n${told.link}` },
    ru: { subject: 'Срок вашего запроса истёк', body: (told) => `Никто вовремя не принял решения по вашему запросу: ${told.what}; ничего не сделано. Если это ещё нужно, запросите снова.\n\n${told.link}` },
  },
};

const commentLabel: Record<Language, string> = { en: 'Comment', lv: 'Komentārs', ru: 'Комментарий' };
const usersLabel: Record<Language, string> = { en: 'users', lv: 'lietotāji', ru: 'пользователи' };
const eachRunLabel: Record<Language, string> = { en: 'scheduled funding, each run', lv: 'plānotais finansējums, katrā izpildē', ru: 'плановое пополнение, за каждый запуск' };

/** What each kind of request asks, in each language, from its subject's words. */
const askedTexts: Record<Language, { fund: (total: string, whom: string) => string; addUser: (name: string) => string; changePhone: (name: string, phone: string) => string; raiseLimit: (name: string) => string }> = {
  en: {
    fund: (total, whom) => `to fund EUR ${total} (${whom})`,
    addUser: (name) => `to add the user ${name}`,
    changePhone: (name, phone) => `to change the phone of ${name} to ${phone}`,
    raiseLimit: (name) => `to raise the limits of ${name}`,
  },
  lv: {
    fund: (total, whom) => `papildināt EUR ${total} (${whom})`,
    addUser: (name) => `pievienot lietotāju ${name}`,
    changePhone: (name, phone) => `mainīt lietotāja ${name} tālruni uz ${phone}`,
    raiseLimit: (name) => `paaugstināt lietotāja ${name} limitus`,
  },
  ru: {
    fund: (total, whom) => `пополнить на EUR ${total} (${whom})`,
    addUser: (name) => `добавить пользователя ${name}`,
    changePhone: (name, phone) => `изменить телефон пользователя ${name} на ${phone}`,
    raiseLimit: (name) => `повысить лимиты пользователя ${name}`,
  },
};

/**
 * What is asked: a funding's users by name, a file by its name (or its rule's), a rule by its name and that it pays
 * on every run, with how many users; a change of a user by the user's name.
 */
function whatOf(record: ApprovalRequestRecord, language: Language): string {
  const texts = askedTexts[language];
  const { funding, userChange } = record;
  if (userChange) {
    if (record.kind === 'changePhone') return texts.changePhone(userChange.name, userChange.phone?.to ?? '');
    return record.kind === 'addUser' ? texts.addUser(userChange.name) : texts.raiseLimit(userChange.name);
  }
  if (!funding) return '';
  const count = `${usersLabel[language]}: ${funding.employeeCount ?? funding.credits.length}`;
  const whom = record.schedule
    ? `${record.schedule.name}, ${eachRunLabel[language]}, ${count}`
    : record.file
      ? `${record.file.scheduleName ?? record.file.fileName}, ${count}`
      : funding.credits.map((credit) => credit.name).join(', ');
  return texts.fund(centsToEurText(funding.totalCents), whom);
}

function toldOf(record: ApprovalRequestRecord, language: Language): Told {
  return {
    requester: record.requestedBy.name,
    what: whatOf(record, language),
    decider: record.decidedBy?.name ?? '',
    comment: record.comment ? `\n${commentLabel[language]}: ${record.comment}` : '',
    link: `${portalUrl()}${paths.approvals}`,
  };
}

/** The e-mails that tell those who may decide a new request (owners and managers, not its asker) that it waits. */
export async function approverEmails(record: ApprovalRequestRecord): Promise<Email[]> {
  const members = await companyMembers(record.companyId);
  return members
    .filter(({ membership, profile }) => profile.status === 'active' && (membership.role === 'owner' || membership.role === 'manager') && membership.userId !== record.requestedBy.userId)
    .map(({ profile }) => ({ to: profile.email, subject: requestedTexts[profile.language].subject, text: requestedTexts[profile.language].body(toldOf(record, profile.language)) }));
}

/** The e-mail that tells the asker how their request ended (none when they left the company, or a key asked). */
export async function requesterEmails(decided: ApprovalRequestRecord): Promise<Email[]> {
  if (decided.status === 'pending') return [];
  const texts = decidedTexts[decided.status];
  const asker = (await companyMembers(decided.companyId)).find(({ membership, profile }) => membership.userId === decided.requestedBy.userId && profile.status === 'active');
  if (!asker) return [];
  const language = asker.profile.language;
  return [{ to: asker.profile.email, subject: texts[language].subject, text: texts[language].body(toldOf(decided, language)) }];
}
