import type { Language } from '@shared/languages';
import { centsToEurText } from '@shared/money-text';
import { paths } from '@shared/routes';
import { portalUrl } from '../platform/env';
import type { Email } from '../platform/mailer';
import { companyMembers } from '../users';
import type { ApprovalRequestRecord } from './approval-store';

interface Told {
  requester: string;
  total: string;
  users: string;
  decider: string;
  comment: string;
  link: string;
}

const requestedTexts: Record<Language, { subject: string; body: (told: Told) => string }> = {
  en: {
    subject: 'A funding waits for your approval',
    body: (told) => `${told.requester} asks to fund EUR ${told.total} (${told.users}). Nothing moves until an owner or another manager approves it.\n\nApprove or reject it: ${told.link}`,
  },
  lv: {
    subject: 'Papildināšana gaida jūsu apstiprinājumu',
    body: (told) => `${told.requester} vēlas papildināt EUR ${told.total} (${told.users}). Nauda netiks pārskaitīta, kamēr to neapstiprinās īpašnieks vai cits vadītājs.\n\nApstipriniet vai noraidiet: ${told.link}`,
  },
  ru: {
    subject: 'Пополнение ждёт вашего подтверждения',
    body: (told) => `${told.requester} просит пополнить на EUR ${told.total} (${told.users}). Деньги не будут переведены, пока владелец или другой менеджер не подтвердит.\n\nПодтвердите или отклоните: ${told.link}`,
  },
};

const decidedTexts: Record<'approved' | 'rejected' | 'expired', Record<Language, { subject: string; body: (told: Told) => string }>> = {
  approved: {
    en: { subject: 'Your funding was approved', body: (told) => `${told.decider} approved your funding of EUR ${told.total} (${told.users}); the money moves now.${told.comment}\n\n${told.link}` },
    lv: { subject: 'Jūsu papildināšana apstiprināta', body: (told) => `${told.decider} apstiprināja jūsu papildināšanu EUR ${told.total} (${told.users}); nauda tiek pārskaitīta.${told.comment}\n\n${told.link}` },
    ru: { subject: 'Ваше пополнение подтверждено', body: (told) => `${told.decider} подтвердил(а) ваше пополнение на EUR ${told.total} (${told.users}); деньги переводятся.${told.comment}\n\n${told.link}` },
  },
  rejected: {
    en: { subject: 'Your funding was rejected', body: (told) => `${told.decider} rejected your funding of EUR ${told.total} (${told.users}); nothing moved.${told.comment}\n\n${told.link}` },
    lv: { subject: 'Jūsu papildināšana noraidīta', body: (told) => `${told.decider} noraidīja jūsu papildināšanu EUR ${told.total} (${told.users}); nauda netika pārskaitīta.${told.comment}\n\n${told.link}` },
    ru: { subject: 'Ваше пополнение отклонено', body: (told) => `${told.decider} отклонил(а) ваше пополнение на EUR ${told.total} (${told.users}); деньги не переведены.${told.comment}\n\n${told.link}` },
  },
  expired: {
    en: { subject: 'Your funding request expired', body: (told) => `Nobody decided your funding of EUR ${told.total} (${told.users}) in time; nothing moved. Ask again if it is still needed.\n\n${told.link}` },
    lv: { subject: 'Jūsu papildināšanas pieprasījumam beidzies termiņš', body: (told) => `Neviens laikus neizlēma par jūsu papildināšanu EUR ${told.total} (${told.users}); nauda netika pārskaitīta. Ja tā joprojām vajadzīga, pieprasiet vēlreiz.\n\n${told.link}` },
    ru: { subject: 'Срок вашего запроса на пополнение истёк', body: (told) => `Никто не принял решения по вашему пополнению на EUR ${told.total} (${told.users}) вовремя; деньги не переведены. Если оно ещё нужно, запросите снова.\n\n${told.link}` },
  },
};

const commentLabel: Record<Language, string> = { en: 'Comment', lv: 'Komentārs', ru: 'Комментарий' };
const usersLabel: Record<Language, string> = { en: 'users', lv: 'lietotāji', ru: 'пользователи' };

/** Who receives it: one funding's users by name; a file by its name (or its rule's) and how many users it pays. */
const eachRunLabel: Record<Language, string> = { en: 'scheduled funding, each run', lv: 'plānotais finansējums, katrā izpildē', ru: 'плановое пополнение, за каждый запуск' };

/**
 * Who receives it: one funding's users by name; a file by its name (or its rule's), a rule by its name and that it
 * pays on every run, with how many users.
 */
function usersOf(record: ApprovalRequestRecord, language: Language): string {
  const count = `${usersLabel[language]}: ${record.funding.employeeCount ?? record.funding.credits.length}`;
  if (record.schedule) return `${record.schedule.name}, ${eachRunLabel[language]}, ${count}`;
  if (record.file) return `${record.file.scheduleName ?? record.file.fileName}, ${count}`;
  return record.funding.credits.map((credit) => credit.name).join(', ');
}

function toldOf(record: ApprovalRequestRecord, language: Language): Told {
  return {
    requester: record.requestedBy.name,
    total: centsToEurText(record.funding.totalCents),
    users: usersOf(record, language),
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
