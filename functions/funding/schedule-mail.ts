import { dayText } from '@shared/dates';
import type { Language } from '@shared/languages';
import { centsToEurText } from '@shared/money-text';
import { paths } from '@shared/routes';
import { portalUrl } from '../platform/env';
import type { Email } from '../platform/mailer';
import { activeOwners } from '../users';

interface RefusedRun {
  name: string;
  runDate: string;
  totalCents: number;
  availableCents: number;
  link: string;
}

const texts: Record<Language, { subject: (run: RefusedRun) => string; body: (run: RefusedRun) => string }> = {
  en: {
    subject: (run) => `Scheduled funding "${run.name}" did not run`,
    body: (run) =>
      `The scheduled funding "${run.name}" of ${dayText(run.runDate)} needs EUR ${centsToEurText(run.totalCents)}, but the main account has EUR ${centsToEurText(run.availableCents)} available, so nothing was transferred.\n\nTop up the main account, then run it again: ${run.link}`,
  },
  lv: {
    subject: (run) => `Plānotā papildināšana "${run.name}" netika izpildīta`,
    body: (run) =>
      `Plānotajai papildināšanai "${run.name}" (${dayText(run.runDate)}) vajag EUR ${centsToEurText(run.totalCents)}, bet galvenajā kontā pieejami EUR ${centsToEurText(run.availableCents)}, tāpēc nekas netika pārskaitīts.\n\nPapildiniet galveno kontu un izpildiet to vēlreiz: ${run.link}`,
  },
  ru: {
    subject: (run) => `Плановое пополнение «${run.name}» не выполнено`,
    body: (run) =>
      `Плановому пополнению «${run.name}» от ${dayText(run.runDate)} нужно EUR ${centsToEurText(run.totalCents)}, а на основном счёте доступно EUR ${centsToEurText(run.availableCents)}, поэтому ничего не переведено.\n\nПополните основной счёт и запустите его снова: ${run.link}`,
  },
};

/** The e-mails that tell the company's owners, each in their language, that a scheduled run was refused for the balance. */
export async function runRefusedEmails(rule: { companyId: string; name: string }, run: { runDate: string; totalCents: number; availableCents: number }): Promise<Email[]> {
  const refused: RefusedRun = { name: rule.name, runDate: run.runDate, totalCents: run.totalCents, availableCents: run.availableCents, link: `${portalUrl()}${paths.fundingSchedules}` };
  return (await activeOwners(rule.companyId)).map(({ email, language }) => ({ to: email, subject: texts[language].subject(refused), text: texts[language].body(refused) }));
}
