import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '../platform/errors';
import { cardIssuer } from './issuer-in-use';
import { SandboxCardIssuer } from './sandbox-card-issuer';

describe('the card issuer in use', () => {
  const saved = process.env.CARD_ISSUER;
  afterEach(() => {
    if (saved === undefined) delete process.env.CARD_ISSUER;
    else process.env.CARD_ISSUER = saved;
  });

  it('is none unless the deployment runs the sandbox: a card action answers 503 CARD_ISSUER_NOT_CONFIGURED', () => {
    for (const value of [undefined, 'none']) {
      if (value === undefined) delete process.env.CARD_ISSUER;
      else process.env.CARD_ISSUER = value;
      const refusal = (() => {
        try {
          cardIssuer();
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({ status: 503, code: 'CARD_ISSUER_NOT_CONFIGURED' });
    }
  });

  it('is the sandbox when the deployment asks for it', () => {
    process.env.CARD_ISSUER = 'sandbox';
    expect(cardIssuer()).toBeInstanceOf(SandboxCardIssuer);
  });
});
