import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issuerSignatureToleranceSeconds } from '@shared/issuer-events';
import { signIssuerEvent, verifyIssuerSignature } from './issuer-signature';

const secret = 'a-test-secret-that-is-long-enough-for-the-schema';
const body = JSON.stringify({ eventId: 'evt_1', type: 'card.delivered', cardId: 'sbx_1', occurredAt: '2026-05-01T10:00:00.000Z' });
const at = new Date('2026-05-01T10:00:00.000Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const later = (by: number) => new Date(at.getTime() + by * 1000);

describe('signIssuerEvent', () => {
  it('signs "<t>.<raw body>" with HMAC-SHA256 in the issuer header format', () => {
    const expected = createHmac('sha256', secret).update(`${seconds(at)}.${body}`).digest('hex');
    expect(signIssuerEvent(secret, body, at)).toBe(`t=${seconds(at)},v1=${expected}`);
  });
});

describe('verifyIssuerSignature', () => {
  const header = signIssuerEvent(secret, body, at);

  it('accepts its own signature within the tolerance, either side of the clock', () => {
    expect(verifyIssuerSignature(secret, body, header, at)).toBe('valid');
    expect(verifyIssuerSignature(secret, body, header, later(issuerSignatureToleranceSeconds))).toBe('valid');
    expect(verifyIssuerSignature(secret, body, header, later(-issuerSignatureToleranceSeconds))).toBe('valid');
  });

  it('refuses a signature older or newer than the tolerance', () => {
    expect(verifyIssuerSignature(secret, body, header, later(issuerSignatureToleranceSeconds + 1))).toBe('expired');
    expect(verifyIssuerSignature(secret, body, header, later(-issuerSignatureToleranceSeconds - 1))).toBe('expired');
  });

  it('refuses another body, another secret, or a timestamp changed after signing', () => {
    expect(verifyIssuerSignature(secret, body.replace('sbx_1', 'sbx_2'), header, at)).toBe('mismatch');
    expect(verifyIssuerSignature(`${secret}-other`, body, header, at)).toBe('mismatch');
    const moved = header.replace(`t=${seconds(at)}`, `t=${seconds(at) + 1}`);
    expect(verifyIssuerSignature(secret, body, moved, at)).toBe('mismatch');
  });

  it('tells a missing header from a malformed one', () => {
    expect(verifyIssuerSignature(secret, body, undefined, at)).toBe('missing');
    expect(verifyIssuerSignature(secret, body, '  ', at)).toBe('missing');
    for (const bad of ['v1=abc', `t=${seconds(at)}`, `t=soon,v1=${'0'.repeat(64)}`, `t=${seconds(at)},v1=xyz`, `t=1,t=2,v1=${'0'.repeat(64)}`, 'garbage']) {
      expect(verifyIssuerSignature(secret, body, bad, at), bad).toBe('malformed');
    }
  });

  it('accepts any one matching v1 among several (the issuer rolling its secret) and ignores unknown schemes', () => {
    const valid = header.split(',v1=')[1] ?? '';
    expect(verifyIssuerSignature(secret, body, `t=${seconds(at)},v1=${'0'.repeat(64)},v1=${valid},v2=whatever`, at)).toBe('valid');
  });
});
