import type { ApiKeyView } from '@shared/api-keys';
import type { StatusTone } from '@frontend/components/status-badge/status-tone';

/**
 * The mark on a key whose maker no longer belongs to the company (issue 30): none while they do; a live key of
 * someone who left still acts for the company, so it stands out (negative) until revoked, then it is history (neutral).
 */
export function creatorLeftTone(key: Pick<ApiKeyView, 'createdBy' | 'revokedAt'>): StatusTone | null {
  if (key.createdBy.inCompany) return null;
  return key.revokedAt ? 'neutral' : 'negative';
}
