import type { CardIssuer } from './card-issuer';
import { SandboxCardIssuer } from './sandbox-card-issuer';

let issuer: CardIssuer | undefined;

/** The issuer in use. Only the sandbox exists until a contract with a real issuer names its API. */
export function cardIssuer(): CardIssuer {
  issuer ??= new SandboxCardIssuer();
  return issuer;
}
