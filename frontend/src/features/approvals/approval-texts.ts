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
    const [only, ...others] = request.funding.credits;
    // The amount is the Total column's; here who receives it.
    return only && others.length === 0 ? only.name : t('users', { count: request.funding.credits.length });
  };
  const rowName = (request: ApprovalRequest) => t('rowName', { name: person(request.requestedBy), total: format.money(request.funding.totalCents) });
  return { person, what, rowName };
}
