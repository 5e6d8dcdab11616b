import { describe, expect, it } from 'vitest';
import { parseCsv } from '@shared/funding';
import { checkFundingFile, fundingTemplate, readAmount, type FundableEmployee } from './funding-rows';

const anna: FundableEmployee = { employeeId: 'e1', name: 'Anna', surname: 'Ozola', personalCode: '010190-12345', phone: '37120000001', lastCardDigits: '1234', balanceCents: 1_050, cardStatus: 'active' };
const blocked: FundableEmployee = { ...anna, employeeId: 'e2', surname: 'Liepa', cardStatus: 'soft_blocked' };
const employees = new Map([anna, blocked].map((employee) => [employee.employeeId, employee]));

describe('readAmount', () => {
  it.each([
    ['', { skip: true }],
    ['0', { skip: true }],
    ['0.00', { skip: true }],
    ['12.5', { cents: 1_250 }],
    [' 7 ', { cents: 700 }],
    ['1,5', { problem: 'NUMBER_INVALID' }],
    ['abc', { problem: 'NUMBER_INVALID' }],
    ['-1', { problem: 'AMOUNT_NEGATIVE' }],
    ["'-1", { problem: 'AMOUNT_NEGATIVE' }],
    ['1.234', { problem: 'AMOUNT_TOO_PRECISE' }],
    ['1000001', { problem: 'NUMBER_TOO_LARGE' }],
  ])('reads %j', (text, expected) => expect(readAmount(text)).toEqual(expected));
});

describe('the funding template and its check', () => {
  it('lists only users who can receive funds and reads its own output back with nothing to fund', () => {
    const template = fundingTemplate([anna, blocked]);
    expect(parseCsv(template)?.map((cells) => cells[0])).toEqual(['User ID', 'e1']);
    expect(checkFundingFile(template, employees)).toEqual({ valid: true, rowCount: 1, rows: [], problems: [], totalCents: 0 });
  });

  it('accepts a filled row, quoted or not, and refuses a changed header', () => {
    const text = 'User ID,Name,Surname,Personal code,Phone,Card last digits,Balance,Add Balance\n"e1",Anna,Ozola,010190-12345,37120000001,1234,99.99,"10.05"\n';
    expect(checkFundingFile(text, employees)).toMatchObject({ valid: true, rows: [{ rowNumber: 2, employeeId: 'e1', amountCents: 1_005 }], totalCents: 1_005 });
    expect(checkFundingFile(text.replace('Add Balance', 'Amount'), employees)).toEqual({ valid: false });
    expect(parseCsv('"open')).toBeNull();
  });
});
