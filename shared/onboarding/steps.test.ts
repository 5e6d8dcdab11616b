import { describe, expect, it } from 'vitest';
import { sampleAnswers } from '../../infra/local/sample-application';
import { signupSteps } from '../kyc';
import { messageCodeOf } from '../validation';
import { afterReturning, afterSaving, isStepOpen } from './progress';
import { documentIdsOf, stepDefinitions, stepSchema } from './steps';

const ids = {
  certificate: '5eed0000-0000-4000-8000-000000000011',
  articles: '5eed0000-0000-4000-8000-000000000012',
  passport: '5eed0000-0000-4000-8000-000000000013',
  evidence: '5eed0000-0000-4000-8000-000000000014',
};
const sample = sampleAnswers({ name: 'Rīgas Dārzi SIA', registrationNumber: '40003556001' }, ids);

function problems(step: (typeof signupSteps)[number], values: unknown): Record<string, string> {
  const result = stepSchema(step).safeParse(values, { reportInput: true });
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= messageCodeOf(issue);
  return found;
}

describe('the six onboarding steps', () => {
  it.each(signupSteps)('accepts complete answers to %s', (step) => {
    expect(problems(step, sample[step])).toEqual({});
  });

  it('names every missing field of an empty step, with the messages SPEC gives', () => {
    const found = problems('general', {});
    expect(found.registrationNumber).toBe('REGISTRATION_NUMBER_REQUIRED');
    expect(found.taxCountries).toBe('TAX_COUNTRIES_REQUIRED');
    expect(found.legalCountry).toBe('COUNTRY_REQUIRED');
    expect(found.companyName).toBe('REQUIRED');
    expect(found.registrationCertificate).toBe('REQUIRED');
    // The fax and the website are optional.
    expect(found.companyFax).toBeUndefined();
    expect(found.companyWebsite).toBeUndefined();
  });

  it('reads dates as YYYY-MM-DD and refuses early, impossible and future ones', () => {
    const at = (date: string) => problems('general', { ...sample.general, registrationDate: date }).registrationDate;
    expect(at('12.03.2015')).toBe('DATE_FORMAT');
    expect(at('2015-02-30')).toBe('DATE_FORMAT');
    expect(at('1899-12-31')).toBe('DATE_TOO_EARLY');
    expect(at('2999-01-01')).toBe('DATE_IN_FUTURE');
    expect(at('2015-03-12')).toBeUndefined();
  });

  it('keeps text between 2 and 100 symbols and names up to 50', () => {
    const general = (changes: Record<string, unknown>) => problems('general', { ...sample.general, ...changes });
    expect(general({ companyName: 'A' }).companyName).toBe('TEXT_TOO_SHORT');
    expect(general({ companyName: 'A'.repeat(101) }).companyName).toBe('TEXT_TOO_LONG');
    expect(general({ contactName: 'A'.repeat(51) }).contactName).toBe('NAME_TOO_LONG');
  });

  it('shows a dependent field only when its condition holds, and forgets it otherwise', () => {
    expect(problems('general', { ...sample.general, actualAddressSameAsLegal: false }).actualStreet).toBe('REQUIRED');
    expect(problems('general', { ...sample.general, sourceOfIncome: 'other' }).sourceOfIncomeOther).toBe('REQUIRED');
    const parsed = stepSchema('general').parse({ ...sample.general, partOfGroup: 'no', groupName: 'Stale group' });
    expect(parsed.groupName).toBeUndefined();
  });

  it('allows only offered options, each once', () => {
    const general = (changes: Record<string, unknown>) => problems('general', { ...sample.general, ...changes });
    expect(general({ taxCountries: ['XX'] })['taxCountries.0']).toBe('INVALID_OPTION');
    expect(general({ taxCountries: ['LV', 'LV'] }).taxCountries).toBe('DUPLICATE_OPTION');
    expect(general({ workExperience: 'forever' }).workExperience).toBe('INVALID_OPTION');
  });

  it('requires every item of a text list', () => {
    expect(problems('general', { ...sample.general, cooperationPartners: [] }).cooperationPartners).toBe('LIST_REQUIRED');
    expect(problems('general', { ...sample.general, cooperationPartners: ['Partner', ''] })['cooperationPartners.1']).toBe('REQUIRED');
  });

  it('lists owners with at least 25 percent, together at most 100', () => {
    const owner = sample.owners.owners as Record<string, unknown>[];
    const base = owner[0] ?? {};
    expect(problems('owners', { owners: [{ ...base, sharePercent: '24' }] })['owners.0.sharePercent']).toBe('OWNER_SHARE_TOO_LOW');
    expect(problems('owners', { owners: [{ ...base, sharePercent: '60' }, { ...base, sharePercent: '50' }] }).owners).toBe('OWNER_SHARES_OVER_100');
    expect(problems('owners', { owners: [] }).owners).toBe('LIST_REQUIRED');
    const legalEntity = { ownerType: 'legal_entity', companyName: 'Holding SIA', companyRegistrationNumber: 'EE1234', country: 'EE', sharePercent: '30' };
    expect(problems('owners', { owners: [legalEntity] })).toEqual({});
  });

  it('asks for the exposed persons only when the answer is yes', () => {
    expect(problems('political_importance', { politicallyExposed: 'yes' }).exposedPersons).toBe('LIST_REQUIRED');
    expect(problems('political_importance', { politicallyExposed: 'no' })).toEqual({});
  });

  it('finds the documents a step points at, inside lists too', () => {
    const found = documentIdsOf(stepDefinitions.representatives.fields, sample.representatives);
    expect(found).toEqual([
      { documentId: ids.passport, path: 'representatives.0.passportPhoto', kind: 'passport_photo' },
      { documentId: ids.evidence, path: 'representatives.0.evidenceOfRight', kind: 'evidence_of_right' },
    ]);
  });
});

describe('the KYC order while onboarding (SPEC section 4)', () => {
  const onboarding = { status: 'onboarding' as const, kycStatus: 'not_filled' as const, returnedSteps: {} };

  it('opens a step only after the one before it', () => {
    expect(isStepOpen('general', onboarding)).toBe(true);
    expect(isStepOpen('representatives', onboarding)).toBe(false);
    expect(isStepOpen('general', { ...onboarding, kycStatus: 'owners' })).toBe(true);
  });

  it('advances the status step by step and never back', () => {
    expect(afterSaving('general', onboarding)).toMatchObject({ kycStatus: 'general', next: 'representatives', event: null });
    expect(afterSaving('general', { ...onboarding, kycStatus: 'owners' })).toMatchObject({ kycStatus: 'owners', next: 'representatives' });
  });

  it('submits with the last step and keeps the status below filled until approval', () => {
    expect(afterSaving('financial_information', { ...onboarding, kycStatus: 'political_importance' })).toMatchObject({
      status: 'pending_approval',
      kycStatus: 'political_importance',
      next: 'submitted',
      event: 'submitted',
    });
  });

  it('leads a returned application through its returned steps, then back to the provider', () => {
    const returned = { status: 'returned' as const, ...afterReturning(['financial_information', 'owners'], 'Fix the shares') };
    expect(returned.kycStatus).toBe('representatives');
    expect(isStepOpen('general', returned)).toBe(false);
    expect(isStepOpen('owners', returned)).toBe(true);
    const first = afterSaving('owners', returned);
    expect(first).toMatchObject({ status: 'returned', kycStatus: 'political_importance', next: 'financial_information', event: null });
    expect(afterSaving('financial_information', first)).toMatchObject({ status: 'pending_approval', next: 'submitted', event: 'resubmitted' });
  });

  it('refuses every step once the application is with the provider', () => {
    expect(isStepOpen('general', { ...onboarding, status: 'pending_approval' })).toBe(false);
    expect(isStepOpen('general', { ...onboarding, status: 'active' })).toBe(false);
  });
});
