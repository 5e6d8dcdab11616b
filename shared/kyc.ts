import * as z from 'zod/mini';

export const kycStatuses = [
  'not_filled',
  'general',
  'representatives',
  'owners',
  'true_beneficiary',
  'political_importance',
  'filled',
] as const;
export type KycStatus = (typeof kycStatuses)[number];
export const kycStatusSchema = /* @__PURE__ */ z.enum(kycStatuses);

export const kycRank: Readonly<Record<KycStatus, number>> = {
  not_filled: 0,
  general: 1,
  representatives: 2,
  owners: 3,
  true_beneficiary: 4,
  political_importance: 5,
  filled: 6,
};

export const signupSteps = [
  'general',
  'representatives',
  'owners',
  'true_beneficiary',
  'political_importance',
  'financial_information',
] as const;
export type SignupStep = (typeof signupSteps)[number];
export const signupStepSchema = /* @__PURE__ */ z.enum(signupSteps);

export function isKycComplete(status: KycStatus | undefined | null): boolean {
  return status != null && kycRank[status] >= kycRank.filled;
}

/**
 * SPEC section 2: the step after a given one. 'filled' goes to the dashboard, anything unknown to general.
 * A KYC status names the last step completed, so the page to show for a status is the step after it.
 */
export function pathAfter(stepOrStatus: string | undefined | null): string {
  switch (stepOrStatus) {
    case 'general':
      return '/signup/representatives';
    case 'representatives':
      return '/signup/owners';
    case 'owners':
      return '/signup/true_beneficiary';
    case 'true_beneficiary':
      return '/signup/political_importance';
    case 'political_importance':
      return '/signup/financial_information';
    case 'filled':
      return '/dashboard';
    default:
      return '/signup/general';
  }
}
