import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { hasRole } from '@shared/roles';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { LinkTabs } from '@frontend/components/link-tabs/link-tabs';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { afterFunding } from '@frontend/lib/after-funding';
import { errorCodeText } from '@frontend/lib/error-text';
import { useSession } from '@frontend/lib/session/session-context';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { approvalsQueryKey, approvalStates, type ApprovalState } from './approvals-api';
import { ApprovalsTable, type Decision } from './approvals-table';
import { ApproveDialog, RejectDialog } from './decide-dialogs';
import './approvals.css';

/** The part of the queue in the address (?state=decided), so a link or Back opens the same part. */
const stateParam = 'state';

type Notice = { tone: 'success' | 'error'; text: string };

/**
 * Dual approval (issue 35): the fundings that wait for a second person, and those decided. An owner, or a manager
 * other than the requester, approves (the money moves then) or rejects with a comment; nobody decides their own
 * request. Accountants never reach this screen (shared/routes.ts).
 */
export function ApprovalsScreen() {
  const { t } = useTranslation(['approvals', 'errors', 'common']);
  useDocumentTitle(t('title'));
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const state: ApprovalState = search.get(stateParam) === 'decided' ? 'decided' : 'pending';
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  // A decision changes the queue (both parts and the badge) and, once approved, the balances shown anywhere.
  const refresh = async (approved: boolean) => {
    await queryClient.invalidateQueries({ queryKey: approvalsQueryKey(companyId) });
    if (approved) await afterFunding(queryClient, companyId);
  };
  const decided = (message: string) => {
    const approved = deciding?.kind === 'approve';
    setDeciding(null);
    setNotice({ tone: 'success', text: message });
    void refresh(approved);
  };
  const gone = (code: string) => {
    setDeciding(null);
    setNotice({ tone: 'error', text: errorCodeText(t, code) });
    void refresh(false);
  };
  const dialogProps = { onCancel: () => setDeciding(null), onDone: decided, onGone: gone };

  return (
    <div className="page">
      <PageHeader title={t('title')} lead={t('lead')} />
      <LinkTabs
        label={t('tabs.label')}
        tabs={approvalStates.map((each) => ({ to: each === 'pending' ? paths.approvals : `${paths.approvals}?${stateParam}=${each}`, label: t(`tabs.${each}`), current: each === state }))}
        onFollow={() => setNotice(null)}
      />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {/* Each part keeps its own page: switching starts the other at its first page. */}
      <ApprovalsTable key={state} companyId={companyId} state={state} userId={profile?.userId ?? ''} decides={hasRole(profile?.role ?? 'guest', 'manager')} onDecide={setDeciding} />
      {deciding?.kind === 'approve' && <ApproveDialog request={deciding.request} {...dialogProps} />}
      {deciding?.kind === 'reject' && <RejectDialog request={deciding.request} {...dialogProps} />}
    </div>
  );
}
