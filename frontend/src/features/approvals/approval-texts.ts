import { useTranslation } from 'react-i18next';
import type { ApprovalRequest } from '@shared/approvals';
import { useFormat } from '@frontend/lib/format';

type Person = ApprovalRequest['requestedBy'];

/** How the screen and its dialogs name a request's people and what it asks, in one wording. */
export function useApprovalTexts() {
  const { t } = useTranslation('approvals');
  const format = useFormat();
  // An API key asks in its owner's name; the reader should know no person typed it.
  const person = (who: Person) => (who.viaApiKey ? t('viaApiKey', { name: who.name }) : who.name);
  const what = (request: ApprovalRequest) => {
    const { funding, file, schedule, userChange } = request;
    if (userChange) return t(`what.${request.kind}`, { name: userChange.name });
    if (schedule) return t('what.schedule', { name: schedule.name });
    if (file?.scheduleName && file.runDate) return t('what.run', { name: file.scheduleName, date: format.date(file.runDate) });
    if (file) return t('what.file', { name: file.fileName, count: funding?.employeeCount ?? 0 });
    const [only, ...others] = funding?.credits ?? [];
    // The amount is the Total column's; here who receives it.
    return only && others.length === 0 ? only.name : t('users', { count: funding?.employeeCount ?? 0 });
  };
  /** The money a request moves; a change of a user moves none. */
  const total = (request: ApprovalRequest) => (request.funding ? format.money(request.funding.totalCents) : '—');
  const rowName = (request: ApprovalRequest) => t('rowName', { name: person(request.requestedBy), what: request.funding ? total(request) : what(request) });
  /** Users a file or rule pays that its request does not list (it lists the first of them). */
  const unlisted = (request: ApprovalRequest) => (request.funding ? request.funding.employeeCount - request.funding.credits.length : 0);
  return { person, what, total, rowName, unlisted };
}
