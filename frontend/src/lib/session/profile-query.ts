import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '@shared/api/schemas';
import { ApiError, callApi } from '../http';
import { lostCompany, setTabCompany, tabCompanyId } from './tab-company';
import * as sessionRoutes from '@shared/api/routes/session-routes';

export const profileQueryKey = ['users', 'profile'] as const;

/**
 * The profile as this tab sees it: the call names the tab's company, so the profile's current company (its role,
 * features, IBAN) is the tab's. A tab that names none yet (new, or just signed in) adopts the company the server
 * answers with, the profile's last one; a tab that lost its company adopts nothing until the user chooses.
 */
async function loadProfile(signal: AbortSignal): Promise<Profile> {
  const sent = tabCompanyId();
  const profile = await callApi(sessionRoutes.getProfile, { signal });
  const now = tabCompanyId();
  // The tab switched company while this answer was under way: it describes a company the tab no longer shows.
  if (sent !== null && now !== null && now !== sent) return loadProfile(signal);
  const shown = profile.currentClient;
  if (shown && lostCompany() === null && (now === null || now === shown.companyId)) setTabCompany({ companyId: shown.companyId, name: shown.name, userId: profile.userId });
  return profile;
}

/** GET /users/profile: the session user. Loaded once at start and after sign-in; mutations refresh it. */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: async ({ signal }) => {
      try {
        return await loadProfile(signal);
      } catch (error) {
        // The tab's company is no longer the user's: the session has forgotten it (../http.ts), and the profile
        // itself is still theirs.
        if (error instanceof ApiError && error.code === 'NOT_A_MEMBER' && tabCompanyId() === null) return loadProfile(signal);
        throw error;
      }
    },
    staleTime: Infinity,
    // A failed profile load ends the session (SPEC section 4); retrying would only delay that.
    retry: false,
  });
}
