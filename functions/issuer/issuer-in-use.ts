import { env, type Env } from '../platform/env';
import { DomainError } from '../platform/errors';
import type { CardIssuer } from './card-issuer';
import { SandboxCardIssuer } from './sandbox-card-issuer';

/** The issuer made for one reading of the environment (a test or the local adapter may change it between calls). */
let made: { environment: Env; issuer: CardIssuer } | undefined;

/**
 * Only the sandbox exists until a contract with a real issuer names its API, so without it (CARD_ISSUER) no card can
 * be ordered or changed, and the portal says so instead of failing.
 */
export function cardIssuer(): CardIssuer {
  const environment = env();
  if (made?.environment === environment) return made.issuer;
  if (environment.CARD_ISSUER === 'none') throw new DomainError(503, 'CARD_ISSUER_NOT_CONFIGURED');
  made = { environment, issuer: new SandboxCardIssuer() };
  return made.issuer;
}
