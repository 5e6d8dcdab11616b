import {
  okAnswerSchema,
  profileSchema,
  setLanguageAnswerSchema,
  setLanguageBodySchema,
  switchClientAnswerSchema,
  switchClientBodySchema,
} from '../schemas';
import type { RouteDefinition } from '../route-definition';

/** The signed-in user's session: profile, language, current company, logout. */
export const getProfile = { method: 'GET', path: '/users/profile', handler: 'users/get-profile', access: { kind: 'signed-in' }, beforeSecondFactor: true, answer: profileSchema } as const satisfies RouteDefinition;

export const setLanguage = {
  method: 'PATCH',
  path: '/users/language',
  handler: 'users/set-language',
  access: { kind: 'signed-in' },
  beforeSecondFactor: true,
  body: setLanguageBodySchema,
  answer: setLanguageAnswerSchema,
} as const satisfies RouteDefinition;

export const switchClient = {
  method: 'POST',
  path: '/switch/client',
  handler: 'users/switch-client',
  access: { kind: 'signed-in' },
  body: switchClientBodySchema,
  answer: switchClientAnswerSchema,
} as const satisfies RouteDefinition;

/** Ends this browser's session only (DESIGN section 6): the account's other sessions stay signed in. */
export const logOut = { method: 'POST', path: '/logout', handler: 'users/log-out', access: { kind: 'signed-in' }, beforeSecondFactor: true, answer: okAnswerSchema } as const satisfies RouteDefinition;

/** "Sign out on all devices" (Settings): every session of the account ends, this one too. */
export const logOutEverywhere = {
  method: 'POST',
  path: '/logout/all-devices',
  handler: 'users/log-out-everywhere',
  access: { kind: 'signed-in' },
  beforeSecondFactor: true,
  answer: okAnswerSchema,
} as const satisfies RouteDefinition;
