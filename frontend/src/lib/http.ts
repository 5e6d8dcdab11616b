import type { RouteDefinition } from '@shared/api/route-definition';
import * as sessionRoutes from '@shared/api/routes/session-routes';
import { getAccessToken } from './auth';
import { ApiError, clientErrorCodes } from './api-error';
import { callApiWith, type Answer, type CallOptions } from './http-client';

export { ApiError, clientErrorCodes };
export { callApiWith, newActionKey, type CallOptions, type Credentials } from './http-client';

/** SPEC section 8: the profile call may fail without ending the session; the session handles that itself. */
const sessionProbe: RouteDefinition = sessionRoutes.getProfile;

let onSessionRejected: () => void = () => {
  window.location.assign('/login');
};

/** The session provider registers how to clear the session and go to /login when the API refuses the token. */
export function setSessionRejectedHandler(handler: () => void): void {
  onSessionRejected = handler;
}

/**
 * Calls one API route (a definition from shared/api/routes, the same the manifest lists) and returns its answer
 * parsed with the route's schema, as the staff's session: its Cognito token, and a refused token ends the session.
 * No timeout on purpose (SPEC section 7): exports and reports may take long.
 */
export async function callApi<R extends RouteDefinition>(route: R, options: CallOptions<R> = {}): Promise<Answer<R>> {
  return callApiWith(route, options, {
    token: await getAccessToken(),
    onRefused: (_status, code) => {
      // DESIGN section 13: a refused token ends the session everywhere except on the profile probe. A company
      // awaiting approval is no reason to sign out: the screen explains it instead (docs/decisions.md).
      if (route !== sessionProbe && code !== 'COMPANY_NOT_APPROVED') onSessionRejected();
    },
  });
}
