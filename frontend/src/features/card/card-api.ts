import type { RouteDefinition } from '@shared/api/route-definition';
import { ApiError } from '@frontend/lib/api-error';
import { callApiWith, type CallOptions } from '@frontend/lib/http';
import { forgetCardSession, readCardSession } from './card-session';

/**
 * Calls a /card route with the employee's own token (the portal's session would attach the staff's Cognito token
 * and send a refused one to /login). A refused session is forgotten here, and the screen goes back to the phone step.
 */
export function callCard<R extends RouteDefinition>(route: R, options: Pick<CallOptions<R>, 'body' | 'signal'> = {}) {
  return callApiWith(route, options, {
    token: route.access.kind === 'cardholder' ? readCardSession()?.token : null,
    onRefused: (status) => {
      if (status === 401 && route.access.kind === 'cardholder') forgetCardSession();
    },
  });
}

/** The page closes for these: the session is over, or the company closed the employee's access. */
export function endsCardSession(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || error.code === 'CARDHOLDER_ACCESS_BLOCKED');
}
