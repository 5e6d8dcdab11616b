import { afterEach, describe, expect, it } from 'vitest';
import { useDummyHandlerEnvironment } from '../../test/unit-test-env';
import { resetEnvForTests } from '../platform/env';
import { DomainError } from '../platform/errors';
import { cardIssuer } from './issuer-in-use';
import { SandboxCardIssuer } from './sandbox-card-issuer';

function runWith(value: string | undefined): void {
  if (value === undefined) delete process.env.CARD_ISSUER;
  else process.env.CARD_ISSUER = value;
  resetEnvForTests();
}

describe('the card issuer in use', () => {
  useDummyHandlerEnvironment();
  afterEach(() => runWith(undefined));

  it('is none unless the deployment runs the sandbox: a card action answers 503 CARD_ISSUER_NOT_CONFIGURED', () => {
    for (const value of [undefined, 'none']) {
      runWith(value);
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
    runWith('sandbox');
    expect(cardIssuer()).toBeInstanceOf(SandboxCardIssuer);
  });
});
