import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@shared/routes';
import { usePageNavigate } from '@frontend/app/page-redirect';
import { entryPath } from '@frontend/app/route-guard/decide-guard';
import type { SignInOutcome } from '@frontend/lib/auth';
import { useSession } from '@frontend/lib/session/session-context';
import { profileErrorKey, signInStep, type SignInErrorKey } from './auth-errors';

/**
 * The portal's sign-in steps (an invitation's, and its SMS step): on to the SMS code, the phone setup, or (when done)
 * the profile load and the page of the user's KYC status. Returns the message to show when it cannot go on. The
 * sign-in page follows the same steps itself (sign-in-app).
 */
export function useFollowSignIn(): (outcome: SignInOutcome) => Promise<SignInErrorKey | null> {
  const navigate = usePageNavigate();
  const navigateHere = useNavigate();
  const { completeSignIn } = useSession();
  return useCallback(
    async (outcome) => {
      const step = signInStep(outcome);
      if ('message' in step) return step.message;
      if ('goTo' in step) {
        // The SMS step of a sign-in this page started stays on this page, which holds the sign-in in memory.
        await (step.goTo === paths.phoneVerify ? navigateHere(step.goTo) : navigate(step.goTo));
        return null;
      }
      let profile;
      try {
        profile = await completeSignIn();
      } catch (error) {
        // The session has ended already; say why (SPEC section 8: a blocked user is told to contact support).
        return profileErrorKey(error);
      }
      // A user the portal would not let in goes to the sign-in page, which tells them so.
      await navigate(entryPath(profile) ?? paths.login, { replace: true });
      return null;
    },
    [completeSignIn, navigate, navigateHere],
  );
}
