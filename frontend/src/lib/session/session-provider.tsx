import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { pageEntries, pageOfPath } from '@shared/page-entries';
import { loginAfterSessionsEnded, paths, type SessionsEndedReason } from '@shared/routes';
import type { Language } from '@shared/languages';
import { hasStoredAccessToken, signInWithPassword, signOutLocally } from '../auth';
import { callApi, setCompanyLostHandler, setSessionRejectedHandler } from '../http';
import { applyLanguage } from '../i18n';
import { profileQueryKey, profileQueryOptions } from './profile-query';
import { SessionContext, type Session } from './session-context';
import { markCompanyLost, resetTabCompany, setTabCompany, subscribeTabCompany, tabCompanySnapshot } from './tab-company';
import * as sessionRoutes from '@shared/api/routes/session-routes';

type TokenState = 'checking' | 'present' | 'absent';

function isProfileKey(key: readonly unknown[]): boolean {
  return key[0] === profileQueryKey[0] && key[1] === profileQueryKey[1];
}

/** Holds the session of SPEC section 4: the stored Cognito session plus the profile loaded with it. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [token, setToken] = useState<TokenState>('checking');

  useEffect(() => {
    let active = true;
    void hasStoredAccessToken().then((present) => {
      if (active) setToken(present ? 'present' : 'absent');
    });
    return () => {
      active = false;
    };
  }, []);

  const profileQuery = useQuery({ ...profileQueryOptions(), enabled: token === 'present' });
  const profile = profileQuery.data ?? null;
  const profileFailed = profileQuery.isError;

  const tabCompany = useSyncExternalStore(subscribeTabCompany, tabCompanySnapshot);

  /** Drops the session's state: no token, nothing cached (whatever is cached belongs to the user who leaves). */
  const dropSessionState = useCallback(() => {
    setToken('absent');
    resetTabCompany();
    queryClient.clear();
  }, [queryClient]);

  /** Ends the session on this device: its state and Amplify's tokens. Every way a session ends goes through this. */
  const forgetSession = useCallback(async () => {
    dropSessionState();
    await signOutLocally();
  }, [dropSessionState]);

  // SPEC section 4: a failed profile load clears the settings and the stored token.
  useEffect(() => {
    if (profileFailed) void signOutLocally().then(dropSessionState);
  }, [profileFailed, dropSessionState]);

  // The profile's language wins over the one stored on this device (SPEC section 1).
  const profileLanguage = profile?.language;
  useEffect(() => {
    if (profileLanguage) void applyLanguage(profileLanguage);
  }, [profileLanguage]);

  /**
   * Forgets the session and leaves for `destination` in the same tick, so no protected screen renders in
   * between without a session (its guard would redirect to /login and win over the destination). A destination
   * another page serves (the sign-in page) is loaded once Amplify has forgotten the tokens, or that page would find
   * them; the page unloads with this one's state.
   */
  const endSession = useCallback(
    async (destination: string, replace = false) => {
      if (pageOfPath(destination) !== pageEntries.portal) {
        resetTabCompany();
        await signOutLocally();
        if (replace) window.location.replace(destination);
        else window.location.assign(destination);
        return;
      }
      const forgotten = forgetSession();
      void navigate(destination, { replace });
      await forgotten;
    },
    [forgetSession, navigate],
  );

  useEffect(() => {
    setSessionRejectedHandler(() => {
      void endSession(paths.login, true);
    });
  }, [endSession]);

  // The user no longer belongs to the tab's company: nothing of it stays on screen, and the tab asks which of their
  // companies to show instead of showing another one as if it were the same.
  useEffect(() => {
    setCompanyLostHandler((companyId) => {
      if (!markCompanyLost(companyId)) return;
      queryClient.removeQueries({ predicate: (query) => !isProfileKey(query.queryKey) });
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    });
  }, [queryClient]);

  const languageMutation = useMutation({
    mutationFn: (language: Language) => callApi(sessionRoutes.setLanguage, { body: { language } }),
    onSuccess: async ({ language }) => {
      // The answer is the saved language; nothing else of the profile changed, so no refetch.
      queryClient.setQueryData(profileQueryOptions().queryKey, (current) => (current ? { ...current, language } : current));
      await applyLanguage(language);
    },
    // SPEC section 4: a failed switch is ignored; the switcher keeps showing the old language.
    onError: () => undefined,
  });

  const switchMutation = useMutation({
    mutationFn: (companyId: string) => callApi(sessionRoutes.switchClient, { body: { companyId } }),
    onSuccess: async ({ profile: switched }, companyId) => {
      // A profile load still under way describes the company the tab leaves: it must not land after the switch.
      await queryClient.cancelQueries({ queryKey: profileQueryKey });
      // This tab now names the chosen company on every call (DESIGN section 6); the server keeps it as the last
      // company, which a new tab opens with. The answer's accessToken is not stored: Amplify owns the Cognito tokens.
      setTabCompany({ companyId, name: switched.currentClient?.name ?? null, userId: switched.userId });
      queryClient.setQueryData(profileQueryOptions().queryKey, switched);
      // Everything else cached belongs to the previous company.
      queryClient.removeQueries({ predicate: (query) => !isProfileKey(query.queryKey) });
      void navigate(paths.dashboard);
    },
    onError: () => undefined,
  });

  const loggedIn = token === 'present' && profile !== null && !profileFailed;
  // A failed profile ends the session (the effect above): settled once Amplify has forgotten the tokens, so a guard that
  // sends the person to the sign-in page does not load it while the tokens are still stored.
  const synchronized = token === 'absent' || (token === 'present' && profileQuery.isSuccess);

  const signIn = useCallback(
    async (email: string, password: string) => {
      // Whoever was signed in before is signed out before anyone else signs in: their data must never show.
      if (token !== 'absent') await forgetSession();
      return signInWithPassword(email, password, forgetSession);
    },
    [token, forgetSession],
  );

  const completeSignIn = useCallback(async () => {
    setToken('present');
    // A sign-in opens on the profile's last company, whatever this tab showed before.
    resetTabCompany();
    // Nothing cached before this sign-in may answer for the new user. The profile query is reset rather than
    // removed, so the observer above stays attached to it and shows the new profile when it arrives.
    queryClient.removeQueries({ predicate: (query) => !isProfileKey(query.queryKey) });
    void queryClient.resetQueries({ queryKey: profileQueryKey });
    try {
      return await queryClient.fetchQuery(profileQueryOptions());
    } catch (error) {
      // Same rule as at start: no profile, no session (the effect above may not fire again for a repeat failure).
      await forgetSession();
      throw error;
    }
  }, [queryClient, forgetSession]);

  const logout = useCallback(async () => {
    try {
      await callApi(sessionRoutes.logOut);
    } catch {
      // SPEC section 4: the session is cleared whether or not the call succeeded.
    }
    await endSession(paths.root);
  }, [endSession]);

  const logoutEverywhere = useCallback(
    async (reason: SessionsEndedReason) => {
      // Unlike a logout, a failure keeps this session: the others were not ended, and the person may try again.
      await callApi(sessionRoutes.logOutEverywhere);
      await endSession(loginAfterSessionsEnded(reason), true);
    },
    [endSession],
  );

  const { mutate: mutateLanguage, isPending: changingLanguage } = languageMutation;
  const changeLanguage = useCallback(
    (language: Language) => {
      if (loggedIn) mutateLanguage(language);
      else void applyLanguage(language);
    },
    [loggedIn, mutateLanguage],
  );

  const { mutate: switchClient, isPending: switchingClient } = switchMutation;

  const session = useMemo<Session>(
    () => ({
      synchronized,
      loggedIn,
      hasStoredToken: token === 'present' && !profileFailed,
      profile: loggedIn ? profile : null,
      lostCompany: loggedIn ? tabCompany.lost : null,
      signIn,
      completeSignIn,
      forget: forgetSession,
      logout,
      logoutEverywhere,
      switchClient,
      changeLanguage,
      switchingClient,
      changingLanguage,
    }),
    [synchronized, loggedIn, token, profileFailed, profile, tabCompany.lost, signIn, completeSignIn, forgetSession, logout, logoutEverywhere, switchClient, changeLanguage, switchingClient, changingLanguage],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
