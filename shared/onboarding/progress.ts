import { kycRank, signupSteps, type KycStatus, type SignupStep } from '../kyc';
import type { CompanyStatus } from '../statuses';
import type { ReturnedSteps } from './application';

/** The KYC status whose next page is this step (SPEC section 2's order): what "done up to here" means. */
export function kycStatusBefore(step: SignupStep): KycStatus {
  const index = signupSteps.indexOf(step);
  return index === 0 ? 'not_filled' : (signupSteps[index - 1] as KycStatus);
}

export interface ApplicationState {
  status: CompanyStatus;
  kycStatus: KycStatus;
  returnedSteps: ReturnedSteps;
}

/**
 * Whether the applicant may send this step now: while onboarding, any step up to the one after the last done
 * (going back keeps and resends answers); once returned, only the steps the provider sent back; otherwise none.
 */
export function isStepOpen(step: SignupStep, state: ApplicationState): boolean {
  if (state.status === 'onboarding') return kycRank[state.kycStatus] >= kycRank[kycStatusBefore(step)];
  if (state.status === 'returned') return step in state.returnedSteps;
  return false;
}

export interface AfterSaving extends ApplicationState {
  next: SignupStep | 'submitted';
  /** The history entry this save writes, if it hands the application to the provider. */
  event: 'submitted' | 'resubmitted' | null;
}

/**
 * SPEC section 4's KYC order applied to one saved step. The last step submits the application: the company waits
 * for approval and its KYC status stays at political_importance until the provider approves it (then 'filled').
 * A returned application goes through its returned steps only, then back to the provider.
 */
export function afterSaving(step: SignupStep, state: ApplicationState): AfterSaving {
  if (state.status === 'returned') {
    const remaining = signupSteps.filter((each) => each !== step && each in state.returnedSteps);
    const returnedSteps = Object.fromEntries(Object.entries(state.returnedSteps).filter(([each]) => each !== step)) as ReturnedSteps;
    const first = remaining[0];
    if (!first) return { status: 'pending_approval', kycStatus: 'political_importance', returnedSteps, next: 'submitted', event: 'resubmitted' };
    return { status: 'returned', kycStatus: kycStatusBefore(first), returnedSteps, next: first, event: null };
  }
  if (step === 'financial_information') {
    return { status: 'pending_approval', kycStatus: 'political_importance', returnedSteps: {}, next: 'submitted', event: 'submitted' };
  }
  const done = step as KycStatus;
  const kycStatus = kycRank[done] > kycRank[state.kycStatus] ? done : state.kycStatus;
  const next = signupSteps[signupSteps.indexOf(step) + 1] ?? 'submitted';
  return { status: state.status, kycStatus, returnedSteps: state.returnedSteps, next, event: null };
}

/** The provider sends steps back: the applicant is led to the first of them (the route guard follows the KYC status). */
export function afterReturning(steps: readonly SignupStep[], comment: string): Pick<ApplicationState, 'kycStatus' | 'returnedSteps'> {
  const ordered = signupSteps.filter((step) => steps.includes(step));
  const first = ordered[0] ?? 'general';
  return { kycStatus: kycStatusBefore(first), returnedSteps: Object.fromEntries(ordered.map((step) => [step, comment])) };
}

/** The review queue's order: waiting applications first, oldest first within each status. */
const queueRank: Readonly<Record<CompanyStatus, number>> = { pending_approval: 0, returned: 1, onboarding: 2, rejected: 3, active: 4 };

export function queuePosition(status: CompanyStatus, since: string): string {
  return `${queueRank[status]}#${since}`;
}
