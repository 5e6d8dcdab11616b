import { describe, expect, it } from 'vitest';
import { isValidPaymentReference, paymentReferenceOf, registrationNumberInReference } from './top-ups';

describe('the payment reference', () => {
  it('is an ISO 11649 creditor reference built from the registration number', () => {
    const reference = paymentReferenceOf('40003012345');
    expect(reference).toMatch(/^RF\d{2}40003012345$/);
    expect(isValidPaymentReference(reference)).toBe(true);
    // The standard's own example: RF18 5390 0754 7034.
    expect(paymentReferenceOf('539007547034')).toBe('RF18539007547034');
  });

  it('is found in remittance text with spaces and words around it', () => {
    const reference = paymentReferenceOf('40203556008');
    const grouped = reference.replace(/(.{4})/g, '$1 ');
    expect(registrationNumberInReference(`Top-up ${grouped.toLowerCase()} thanks`)).toBe('40203556008');
    expect(registrationNumberInReference(reference)).toBe('40203556008');
  });

  it('does not lead a mistyped digit or two swapped digits to another company', () => {
    const reference = paymentReferenceOf('40203556008');
    const typo = `${reference.slice(0, 8)}${(Number(reference[8]) + 1) % 10}${reference.slice(9)}`;
    const swapped = `${reference.slice(0, 6)}${reference[7]}${reference[6]}${reference.slice(8)}`;
    expect(registrationNumberInReference(typo)).toBeNull();
    expect(swapped).not.toBe(reference);
    expect(registrationNumberInReference(swapped)).toBeNull();
    expect(registrationNumberInReference('invoice 12345')).toBeNull();
  });
});
