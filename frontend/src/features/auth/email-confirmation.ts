import { ApiError } from '@frontend/lib/api-error';
import { failureCode } from '@frontend/lib/failure-code';

export type LinkFailureCode = 'CONFIRMATION_LINK_EXPIRED' | 'CONFIRMATION_LINK_INVALID';

/** Where opening a confirmation link ends up. */
export type ConfirmOutcome =
  | { status: 'confirming' }
  | { status: 'confirmed' }
  /** The link cannot be used: the visitor signs in (confirmed already) or asks for a new one. */
  | { status: 'linkFailed'; code: LinkFailureCode }
  /** Nothing is known about the link (network, server): trying again may work. */
  | { status: 'failed'; code: string };

/** Reads a failed POST /users/email/confirm. A token the API refuses as malformed is a link that is not valid. */
export function confirmFailure(error: unknown): ConfirmOutcome {
  if (error instanceof ApiError) {
    if (error.code === 'CONFIRMATION_LINK_EXPIRED') return { status: 'linkFailed', code: 'CONFIRMATION_LINK_EXPIRED' };
    if (error.code === 'CONFIRMATION_LINK_INVALID') return { status: 'linkFailed', code: 'CONFIRMATION_LINK_INVALID' };
    if (error.status === 400 && (error.code === 'VALIDATION_FAILED' || error.code === 'BAD_REQUEST')) {
      return { status: 'linkFailed', code: 'CONFIRMATION_LINK_INVALID' };
    }
  }
  return { status: 'failed', code: failureCode(error) };
}
