import * as z from 'zod/mini';
import { DomainError } from '../platform/errors';
import type { CardIssuer } from './card-issuer';
import { SandboxCardIssuer } from './sandbox-card-issuer';

/**
 * Which issuer the deployment talks to (the deploy configuration's `issuerSandbox`; the local cloud always runs the
 * sandbox). Only the sandbox exists until a contract with a real issuer names its API, so without it no card can be
 * ordered or changed, and the portal says so instead of failing.
 */
const cardIssuerEnvSchema = /* @__PURE__ */ z.object({ CARD_ISSUER: z._default(z.enum(['sandbox', 'none']), 'none') });

let issuer: CardIssuer | undefined;

export function cardIssuer(): CardIssuer {
  if (issuer) return issuer;
  if (cardIssuerEnvSchema.parse(process.env).CARD_ISSUER === 'none') throw new DomainError(503, 'CARD_ISSUER_NOT_CONFIGURED');
  issuer = new SandboxCardIssuer();
  return issuer;
}
