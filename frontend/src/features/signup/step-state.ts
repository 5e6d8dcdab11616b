import type { SignupStep } from '@shared/kyc';
import type { Application } from '@shared/onboarding/application';
import { isStepOpen } from '@shared/onboarding/progress';

/**
 * How the step navigation shows a step, in words as well as colour: the one open now; one sent back by the provider
 * to change; one already saved; the next one to fill in; or one that cannot be opened yet (or not while the
 * provider has the application).
 */
export type StepState = 'current' | 'returned' | 'done' | 'todo' | 'locked';

export function stepStateOf(step: SignupStep, current: SignupStep, application: Pick<Application, 'status' | 'kycStatus' | 'returnedSteps' | 'steps'>): StepState {
  if (step === current) return 'current';
  if (!isStepOpen(step, application)) return 'locked';
  if (application.status === 'returned') return 'returned';
  return application.steps[step] ? 'done' : 'todo';
}
