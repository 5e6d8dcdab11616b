import { createContext, useContext } from 'react';
import type { Profile } from '@shared/api/schemas';
import type { Language } from '@shared/languages';
import type { SessionsEndedReason } from '@shared/routes';
import type { SignInOutcome } from '../auth';
import type { LostCompany } from './tab-company';

/** The session user of SPEC section 3/4, as the UI needs it. */
export interface SessionState {
  /** False until the first settings load at start has settled; nothing protected renders before. */
  synchronized: boolean;
  loggedIn: boolean;
  /** Amplify holds Cognito tokens on this device. */
  hasStoredToken: boolean;
  profile: Profile | null;
  /** The company this tab showed, which the user no longer belongs to: the tab offers their other companies. */
  lostCompany: LostCompany | null;
}

export interface Session extends SessionState {
  /**
   * Signs in with e-mail and password. A session already held here (another user's, maybe) is ended first,
   * the cache with it.
   */
  signIn(email: string, password: string): Promise<SignInOutcome>;
  /** Call once Amplify has signed in: loads the new user's profile (and ends the session, rejecting, if that fails). */
  completeSignIn(): Promise<Profile>;
  /** Ends the session on this device only (the server has ended it already), staying on the current page. */
  forget(): Promise<void>;
  /** POST /logout, then the session is cleared whatever the answer, and the browser goes to /. */
  logout(): Promise<void>;
  /**
   * POST /logout/all-devices: every session of the account ends, this one too, and the sign-in page says why. Rejects
   * (and keeps this session) when the server could not end them.
   */
  logoutEverywhere(reason: SessionsEndedReason): Promise<void>;
  /**
   * POST /switch/client; on success this tab shows and acts on the chosen company (other tabs keep theirs), it becomes
   * the company a new tab opens with, and the tab goes to /dashboard.
   */
  switchClient(companyId: string): void;
  /** PATCH /users/language when signed in (the UI follows the answer), else a local switch. */
  changeLanguage(language: Language): void;
  switchingClient: boolean;
  changingLanguage: boolean;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() outside <SessionProvider>');
  return session;
}
