import { useTranslation } from 'react-i18next';

const namespaceOf = { employee: 'employeeStatus', card: 'cardStatus', device: 'deviceStatus', cardAccount: 'cardAccountStatus' } as const;

/** A status of SPEC section 4, translated, with a colour class by how it stands (ok, waiting, stopped). */
export function StatusBadge({ kind, value }: { kind: keyof typeof namespaceOf; value: string }) {
  const { t } = useTranslation('users');
  return <span className={`status-badge status-badge--${toneOf(value)}`}>{t(`${namespaceOf[kind]}.${value}`)}</span>;
}

function toneOf(value: string): 'ok' | 'waiting' | 'stopped' {
  if (value === 'active') return 'ok';
  if (['created', 'new', 'none', 'ordered', 'delivered', 'replaced_ordered', 'replaced_delivered'].includes(value)) return 'waiting';
  return 'stopped';
}
