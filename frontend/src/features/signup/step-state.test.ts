import { describe, expect, it } from 'vitest';
import { stepStateOf } from './step-state';

const answered = { registrationNumber: '40203987654' };

describe('stepStateOf', () => {
  const onboarding = { status: 'onboarding', kycStatus: 'general', returnedSteps: {}, steps: { general: answered } } as const;

  it('shows the saved steps done, the next one to fill in and the rest locked', () => {
    expect(stepStateOf('general', 'representatives', onboarding)).toBe('done');
    expect(stepStateOf('representatives', 'general', onboarding)).toBe('todo');
    expect(stepStateOf('owners', 'general', onboarding)).toBe('locked');
    expect(stepStateOf('financial_information', 'general', onboarding)).toBe('locked');
  });

  it('names the step open now whatever else is true of it', () => {
    expect(stepStateOf('general', 'general', onboarding)).toBe('current');
  });

  it('opens only the steps the provider returned, which are to revise', () => {
    const returned = {
      status: 'returned',
      kycStatus: 'representatives',
      returnedSteps: { owners: 'Give the second owner’s country' },
      steps: { general: answered, representatives: answered, owners: answered },
    } as const;
    expect(stepStateOf('owners', 'general', returned)).toBe('returned');
    expect(stepStateOf('general', 'owners', returned)).toBe('locked');
  });
});
