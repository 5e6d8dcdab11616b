import {
  confirmationTokenSchema,
  confirmEmailAnswerSchema,
  passwordResetAnswerSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  resendConfirmationSchema,
  signupAnswerSchema,
  signupSchema,
} from '../../account';
import type { RouteDefinition } from '../route-definition';
import { okAnswerSchema } from '../schemas';

/** Accounts before sign-in: sign-up, e-mail confirmation, password reset. */
export const signUp = { method: 'POST', path: '/signup', handler: 'auth/sign-up', access: { kind: 'public' }, body: signupSchema, answer: signupAnswerSchema } as const satisfies RouteDefinition;

export const confirmEmail = {
  method: 'POST',
  path: '/users/email/confirm',
  handler: 'auth/confirm-email',
  access: { kind: 'public' },
  body: confirmationTokenSchema,
  answer: confirmEmailAnswerSchema,
} as const satisfies RouteDefinition;

export const resendConfirmation = {
  method: 'POST',
  path: '/users/email/resend',
  handler: 'auth/resend-confirmation',
  access: { kind: 'public' },
  body: resendConfirmationSchema,
  answer: okAnswerSchema,
} as const satisfies RouteDefinition;

export const requestPasswordReset = {
  method: 'POST',
  path: '/reset/password/request',
  handler: 'auth/request-password-reset',
  access: { kind: 'public' },
  body: passwordResetRequestSchema,
  answer: okAnswerSchema,
} as const satisfies RouteDefinition;

export const resetPassword = {
  method: 'POST',
  path: '/reset/password',
  handler: 'auth/reset-password',
  access: { kind: 'public' },
  body: passwordResetSchema,
  answer: passwordResetAnswerSchema,
} as const satisfies RouteDefinition;
