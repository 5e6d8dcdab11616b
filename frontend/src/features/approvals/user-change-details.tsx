import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalRequest } from '@shared/approvals';
import { useFormat } from '@frontend/lib/format';

/** What a change of a user changes, exactly as it will be made: the new user's details, or each value from and to. */
export function UserChangeDetails({ request }: { request: ApprovalRequest }) {
  const { t } = useTranslation(['approvals', 'common']);
  const format = useFormat();
  const change = request.userChange;
  if (!change) return null;
  const none = t('change.none');
  const groups = (names: readonly string[]) => names.map((group) => t(`common:merchantGroups.${group}`)).join(', ');
  const rows: [string, string][] = change.newUser
    ? [
        [t('change.name'), `${change.newUser.name} ${change.newUser.surname}`],
        [t('change.phone'), change.newUser.phone ?? none],
        [t('change.email'), change.newUser.email ?? none],
        [t('change.personalCode'), change.newUser.personalCode ?? none],
      ]
    : change.phone
      ? [[t('change.phone'), t('change.fromTo', { from: change.phone.from ?? none, to: change.phone.to })]]
      : change.limits
        ? [
            [t('change.monthly'), t('change.fromTo', { from: format.money(change.limits.from.limitCents), to: format.money(change.limits.to.limitCents) })],
            [t('change.annual'), t('change.fromTo', { from: format.money(change.limits.from.annualLimitCents), to: format.money(change.limits.to.annualLimitCents) })],
            [t('change.groups'), t('change.fromTo', { from: groups(change.limits.from.mccGroups), to: groups(change.limits.to.mccGroups) })],
          ]
        : [];
  return (
    <dl className="approvals-change">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
