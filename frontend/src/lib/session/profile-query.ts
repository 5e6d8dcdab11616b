import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../http';
import * as sessionRoutes from '@shared/api/routes/session-routes';

export const profileQueryKey = ['users', 'profile'] as const;

/** GET /users/profile: the session user. Loaded once at start and after sign-in; mutations refresh it. */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => callApi(sessionRoutes.getProfile, { signal }),
    staleTime: Infinity,
    // A failed profile load ends the session (SPEC section 4); retrying would only delay that.
    retry: false,
  });
}
