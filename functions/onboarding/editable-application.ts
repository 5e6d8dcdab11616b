import type { CompanyStatus } from '@shared/statuses';
import { DomainError } from '../platform/errors';

/** Documents change only while the applicant may change the answers: in onboarding, or when steps came back. */
export function assertEditable(status: CompanyStatus): void {
  if (status !== 'onboarding' && status !== 'returned') throw new DomainError(409, 'APPLICATION_LOCKED');
}
