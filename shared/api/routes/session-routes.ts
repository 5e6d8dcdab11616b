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
export const sessionRoutes = {
  getProfile: { method: 'GET', path: '/users/profile', handler: 'users/get-profile', access: { kind: 'signed-in' }, beforeSecondFactor: true, answer: profileSchema },
  setLanguage: {
    method: 'PATCH',
    path: '/users/language',
    handler: 'users/set-language',
    access: { kind: 'signed-in' },
    beforeSecondFactor: true,
    body: setLanguageBodySchema,
    answer: setLanguageAnswerSchema,
  },
  switchClient: {
    method: 'POST',
    path: '/switch/client',
    handler: 'users/switch-client',
    access: { kind: 'signed-in' },
    body: switchClientBodySchema,
    answer: switchClientAnswerSchema,
  },
  logOut: { method: 'POST', path: '/logout', handler: 'users/log-out', access: { kind: 'signed-in' }, beforeSecondFactor: true, answer: okAnswerSchema },
} as const satisfies Record<string, RouteDefinition>;
