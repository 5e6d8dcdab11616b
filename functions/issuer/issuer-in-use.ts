import { configuredCardIssuer } from '../platform/env';
import { DomainError } from '../platform/errors';
import type { CardIssuer } from './card-issuer';
import { SandboxCardIssuer } from './sandbox-card-issuer';

let sandbox: CardIssuer | undefined;

/**
 * Only the sandbox exists until a contract with a real issuer names its API, so without it (CARD_ISSUER) no card can
 * be ordered or changed, and the portal says so instead of failing.
 */
export function cardIssuer(): CardIssuer {
  if (configuredCardIssuer() === 'none') throw new DomainError(503, 'CARD_ISSUER_NOT_CONFIGURED');
  sandbox ??= new SandboxCardIssuer();
  return sandbox;
}
