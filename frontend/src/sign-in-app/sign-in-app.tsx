import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { pageEntries, pageOfPath } from '@shared/page-entries';
import { paths } from '@shared/routes';
import { LightPageFrame, usePageLanguage, type ShownLanguage } from '@frontend/components/light-page/light-page';
import { Logo } from '@frontend/components/logo/logo';
import { signInStep, type SignInErrorKey } from '@frontend/features/auth/auth-errors';
import { LoginScreen, type LoginActions } from '@frontend/features/auth/login-screen';
import { PhoneVerifyCard, type CodeStep } from '@frontend/features/auth/phone-verify-card';
import { loadSignInCalls, preloadSignIn } from '@frontend/features/auth/sign-in-api';
import type { SignedInAs } from '@frontend/features/auth/sign-in-calls';
import { signInNamespace } from '@frontend/features/auth/sign-in-messages';
import { mayHoldSession, type SignInOutcome } from '@frontend/lib/auth';
import { loadSignInMessages } from './sign-in-messages';

/** A path this page shows itself (the password and SMS steps), as against one the browser loads (the portal). */
const isOwnPath = (to: string): boolean => pageOfPath(to) === pageEntries.signIn;

/**
 * The staff's sign-in as its own small page (issue 19): the portal's public frame around the password step and the SMS
 * step, which Amplify's sign-in state (held in this page's memory) carries from one to the other, on React alone: no
 * router, session provider, query cache or i18next. Once signed in, the browser loads the portal at the person's
 * first page; every other screen a link names is the portal's too.
 */
export function SignInApp({ initial }: { initial: ShownLanguage }) {
  const language = usePageLanguage(initial, loadSignInMessages, signInNamespace);
  const { show, translation } = language;
  const { t } = translation;
  const [path, setPath] = useState(() => window.location.pathname);
  const [signedInAs, setSignedInAs] = useState<SignedInAs | null>(null);
  // Once someone signs in here, the session the page found is over: its late answer must not name it again.
  const signingIn = useRef(false);

  useEffect(() => {
    const followHistory = () => setPath(window.location.pathname);
    window.addEventListener('popstate', followHistory);
    return () => window.removeEventListener('popstate', followHistory);
  }, []);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [path]);

  // A session this browser holds: say whose, in their language, with the way in (or out).
  useEffect(() => {
    if (!mayHoldSession()) return;
    let active = true;
    void loadSignInCalls()
      .then((calls) => calls.heldSession())
      .then((held) => {
        if (!active || !held || signingIn.current) return;
        setSignedInAs(held);
        show(held.language);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [show]);

  const go = useCallback((to: string, replace = false) => {
    if (!isOwnPath(to)) {
      if (replace) window.location.replace(to);
      else window.location.assign(to);
      return;
    }
    if (replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    setPath(window.location.pathname);
  }, []);

  const link = (to: string, children: ReactNode, className?: string) => (
    <a
      href={to}
      className={className}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (!isOwnPath(to) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        go(to);
      }}
    >
      {children}
    </a>
  );

  const follow = useCallback(
    async (outcome: SignInOutcome): Promise<SignInErrorKey | null> => {
      const step = signInStep(outcome);
      if ('message' in step) return step.message;
      if ('goTo' in step) {
        go(step.goTo);
        return null;
      }
      const signedIn = await (await loadSignInCalls()).completeSignIn();
      if ('failure' in signedIn) return signedIn.failure;
      if (signedIn.entry) return loadPortal(signedIn.entry);
      // Signed in, but the portal has no page for them: the sign-in step says so and offers the sign-out.
      setSignedInAs(signedIn);
      show(signedIn.language);
      go(paths.login, true);
      return null;
    },
    [go, show],
  );

  const loginActions = useMemo<LoginActions>(
    () => ({
      signIn: async (email, password) => {
        // Whoever the page said was signed in is signed out by this sign-in (sign-in-calls.ts).
        signingIn.current = true;
        setSignedInAs(null);
        return (await loadSignInCalls()).signIn(email, password);
      },
      follow,
      logOut: async () => {
        await (await loadSignInCalls()).logOut();
        setSignedInAs(null);
      },
      resendConfirmation: async (email) => (await loadSignInCalls()).resendConfirmation(email),
      preload: preloadSignIn,
      schema: async () => (await loadSignInCalls()).signInFormSchemas.login,
    }),
    [follow],
  );

  const codeStep = useMemo<CodeStep>(
    () => ({
      canResend: async () => (await loadSignInCalls()).canResendCode(),
      resend: async () => (await loadSignInCalls()).sendCodeAgain(),
      confirm: async (code) => (await loadSignInCalls()).confirm(code),
      follow,
      schema: async () => (await loadSignInCalls()).signInFormSchemas.code,
    }),
    [follow],
  );

  return (
    <LightPageFrame language={language} brand={link(paths.root, <Logo />, 'public-header__home')} home={paths.login}>
      {path === paths.phoneVerify ? (
        <PhoneVerifyCard key="verify" t={t} step={codeStep} link={link} />
      ) : (
        <LoginScreen key="login" signedInAs={signedInAs} actions={loginActions} link={link} />
      )}
    </LightPageFrame>
  );
}

/**
 * Loads the portal in place of this page. The form stays busy while it loads; a load that ends without leaving the page
 * (the visitor stopped it, or began another: the Navigation API's navigateerror) ends the wait with a message, and the
 * form can be sent again. A browser without that API keeps the form busy, as it did before.
 */
function loadPortal(entry: string): Promise<SignInErrorKey> {
  return new Promise((resolve) => {
    const navigation = (window as { navigation?: EventTarget }).navigation;
    const dropped = () => {
      navigation?.removeEventListener('navigateerror', dropped);
      resolve('login.loadInterrupted');
    };
    navigation?.addEventListener('navigateerror', dropped);
    window.location.replace(entry);
  });
}
