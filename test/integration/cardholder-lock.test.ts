import { describe, expect, it } from 'vitest';
import { signInLockRules } from '@shared/cardholder';
import { employeeDetailSchema } from '@shared/employees';
import { createOwnCompany } from './company-fixtures';
import { putEmployees } from './funding-fixtures';
import { allowNextCardCode, claimCardholderPhone } from './cardholder-fixtures';
import { api, fixtureCloud, outbox, signIn } from './support';

/**
 * Issue 30: wrong /card codes count per phone across codes. Each test has a company and an employee of its own, so
 * the count starts at nothing.
 */
async function employeeWithCardPage() {
  const cloudForFixtures = fixtureCloud();
  const company = await createOwnCompany(cloudForFixtures, { role: 'manager' });
  const [employee] = await putEmployees(cloudForFixtures, company.companyId, 1, 'active', 'lock');
  if (!employee) throw new Error('no employee');
  await claimCardholderPhone(cloudForFixtures, company.companyId, employee);
  const token = await signIn(company.email, undefined, company.phone);
  const detail = async () => employeeDetailSchema.parse((await api('GET', `/employees/${employee.employeeId}`, { token })).body);
  return { company, employee, token, detail };
}

const allowNextCode = (phone: string) => allowNextCardCode(fixtureCloud(), phone);

const textsTo = async (phone: string, since: number) => (await outbox()).filter((entry) => entry.channel === 'sms' && entry.to === `+${phone}` && Date.parse(entry.at) >= since);

/** Asks for a code and types wrong ones, as a guesser would, `count` times over as many codes as it takes. */
async function typeWrongCodes(phone: string, count: number): Promise<{ status: number; code: string }[]> {
  const answers: { status: number; code: string }[] = [];
  let left = 0;
  while (answers.length < count) {
    if (left === 0) {
      await allowNextCode(phone);
      expect((await api('POST', '/card/sign-in/code', { body: { phone } })).status).toBe(200);
      left = 5;
    }
    const codeAnswer = await api('POST', '/card/sign-in', { body: { phone, code: '000000' } });
    answers.push({ status: codeAnswer.status, code: String((codeAnswer.body as { code?: string }).code) });
    left -= 1;
  }
  return answers;
}

describe('the /card sign-in lock per phone', () => {
  it('locks the phone at the tenth wrong code across codes, tells its employee once, shows it to the company, and refuses codes and sign-ins while it holds', async () => {
    const { employee, detail } = await employeeWithCardPage();
    const since = Date.now();
    const answers = await typeWrongCodes(employee.phone, signInLockRules.maxWrongCodes);
    // A new code no longer starts the count afresh: the fifth wrong one burns its code, the tenth locks the phone.
    expect(answers.slice(0, 4)).toEqual(Array.from({ length: 4 }, () => ({ status: 400, code: 'CARDHOLDER_CODE_INVALID' })));
    expect(answers[4]).toEqual({ status: 410, code: 'PHONE_CODE_EXPIRED' });
    expect(answers[9]).toEqual({ status: 429, code: 'CARDHOLDER_SIGN_IN_LOCKED' });

    // While locked: no code is sent, and not even a right code would be tried.
    await allowNextCode(employee.phone);
    const request = await api('POST', '/card/sign-in/code', { body: { phone: employee.phone } });
    expect(request).toMatchObject({ status: 429, body: { code: 'CARDHOLDER_SIGN_IN_LOCKED' } });
    const wait = (request.body as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(wait).toBeGreaterThan(signInLockRules.windowHours * 3600 - 600);
    expect(wait).toBeLessThanOrEqual(signInLockRules.windowHours * 3600);
    expect(request.headers.get('retry-after')).toBe(String(wait));
    expect(await api('POST', '/card/sign-in', { body: { phone: employee.phone, code: '123456' } })).toMatchObject({ status: 429, body: { code: 'CARDHOLDER_SIGN_IN_LOCKED' } });

    // The employee hears of it once, by SMS; codes were the only other texts.
    await expect.poll(async () => (await textsTo(employee.phone, since)).filter((sms) => sms.body.includes('wrong codes')).length).toBe(1);
    const seen = await detail();
    expect(Date.parse(seen.signInLockedUntil ?? '')).toBeGreaterThan(Date.now());
    expect(seen.history[0]).toMatchObject({ action: 'device.sign_in_locked', changedBy: 'system' });
  });

  it('lets a manager lift the lock: sign-in works again and the audit trail says who lifted it', async () => {
    const { employee, token, detail } = await employeeWithCardPage();
    await typeWrongCodes(employee.phone, signInLockRules.maxWrongCodes);
    expect((await detail()).signInLockedUntil).not.toBeNull();

    const lifted = await api('POST', `/employees/${employee.employeeId}/sign-in-lock/lift`, { token, body: {} });
    expect(lifted.status).toBe(200);
    const after = employeeDetailSchema.parse(lifted.body);
    expect(after.signInLockedUntil).toBeNull();
    expect(after.history[0]).toMatchObject({ action: 'device.sign_in_unlocked', changedBy: 'company_user' });

    await allowNextCode(employee.phone);
    const since = Date.now();
    expect((await api('POST', '/card/sign-in/code', { body: { phone: employee.phone } })).status).toBe(200);
    await expect.poll(async () => (await textsTo(employee.phone, since)).length).toBe(1);
    const [sms] = await textsTo(employee.phone, since);
    expect((await api('POST', '/card/sign-in', { body: { phone: employee.phone, code: sms?.code ?? '' } })).status).toBe(200);
  });

  it('locks a phone that has no card exactly alike, and texts it nothing', async () => {
    const phone = `37126${String(Date.now()).slice(-8)}`;
    const since = Date.now();
    const answers = await typeWrongCodes(phone, signInLockRules.maxWrongCodes);
    expect(answers[9]).toEqual({ status: 429, code: 'CARDHOLDER_SIGN_IN_LOCKED' });
    await allowNextCode(phone);
    expect(await api('POST', '/card/sign-in/code', { body: { phone } })).toMatchObject({ status: 429, body: { code: 'CARDHOLDER_SIGN_IN_LOCKED' } });
    expect(await textsTo(phone, since)).toEqual([]);
  });
});
