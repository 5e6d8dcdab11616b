import { describe, expect, it } from 'vitest';
import { DomainError } from '../platform/errors';
import { readCsvStatement } from './csv-statement';

const header = 'Bank transaction ID,Booking date,Amount,Currency,Payer name,Payer IBAN,Beneficiary IBAN,Reference';

describe('the CSV bank statement', () => {
  it('reads each line into a transfer in cents, or the reasons it is invalid', () => {
    const lines = readCsvStatement(
      [
        header,
        'BT-1,2026-03-02,1250.5,EUR,Cēsu Flote SIA,LV80BANK0000435195001,LV80BANK0000435195001,"RF18 5390 0754 7034"',
        'BT-2,2026-13-02,12.345,USD,,,not an iban,',
        'BT-3,2026-03-02,-5.00,EUR,Payer,,LV80BANK0000435195001,',
      ].join('\r\n'),
    );
    expect(lines[0]).toEqual({
      line: 2,
      valid: true,
      transfer: {
        bankTransactionId: 'BT-1',
        bookingDate: '2026-03-02',
        amountCents: 125_050,
        payerName: 'Cēsu Flote SIA',
        payerIban: 'LV80BANK0000435195001',
        beneficiaryIban: 'LV80BANK0000435195001',
        reference: 'RF18 5390 0754 7034',
      },
    });
    expect(lines[1]).toEqual({
      line: 3,
      valid: false,
      bankTransactionId: 'BT-2',
      amountCents: null,
      fields: { bookingDate: 'DATE_FORMAT', amount: 'AMOUNT_TOO_PRECISE', currency: 'INVALID_OPTION', payerName: 'REQUIRED', beneficiaryIban: 'INVALID_IBAN' },
    });
    expect(lines[2]).toMatchObject({ line: 4, valid: false, amountCents: -500, fields: { amount: 'AMOUNT_NOT_POSITIVE' } });
  });

  it('takes the columns in any order and spelling, and refuses a file that lacks one', () => {
    const reordered = readCsvStatement('reference,AMOUNT,currency,payer_name,payerIban,beneficiary iban,booking-date,bankTransactionId\n,10,EUR,A B,,LV80BANK0000435195001,2026-01-05,X9\n');
    expect(reordered).toMatchObject([{ line: 2, valid: true, transfer: { bankTransactionId: 'X9', amountCents: 1000, bookingDate: '2026-01-05' } }]);
    expect(() => readCsvStatement('Bank transaction ID,Amount\nX,1\n')).toThrow(DomainError);
    expect(() => readCsvStatement('')).toThrow(DomainError);
  });
});
