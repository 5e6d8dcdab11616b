import { useTranslation } from 'react-i18next';
import { StatusBadge as Badge } from '@frontend/components/status-badge/status-badge';
import { statusTone } from '@frontend/components/status-badge/status-tone';

const namespaceOf = { employee: 'employeeStatus', card: 'cardStatus', device: 'deviceStatus', cardAccount: 'cardAccountStatus' } as const;

/**
 * A status of SPEC section 4 in the users' words, as the portal's one status badge
 * (components/status-badge) with the tone of its meaning.
 */
export function StatusBadge({ kind, value }: { kind: keyof typeof namespaceOf; value: string }) {
  const { t } = useTranslation('users');
  return <Badge tone={statusTone(kind, value)}>{t(`${namespaceOf[kind]}.${value}`)}</Badge>;
}
