import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@shared/routes';
import { entryPath } from '@frontend/app/route-guard/decide-guard';
import type { SignInOutcome } from '@frontend/lib/auth';
import { useSession } from '@frontend/lib/session/session-context';
import { profileErrorKey, type SignInErrorKey } from './auth-errors';

/**
 * Takes the sign-in where Cognito says it stands: on to the SMS code, the phone setup, or (when done) the
 * profile load and the page of the user's KYC status. Returns the message to show when it cannot go on.
 */
export function useFollowSignIn(): (outcome: SignInOutcome) => Promise<SignInErrorKey | null> {
  const navigate = useNavigate();
  const { completeSignIn } = useSession();
  return useCallback(
    async (outcome) => {
      switch (outcome) {
        case 'signed-in': {
          let profile;
          try {
            profile = await completeSignIn();
          } catch (error) {
            // The session has ended already; say why (SPEC section 8: a blocked user is told to contact support).
            return profileErrorKey(error);
          }
          // A user the portal would not let in stays on the sign-in screen, which tells them so.
          await navigate(entryPath(profile) ?? paths.login, { replace: true });
          return null;
        }
        case 'code-required':
          await navigate(paths.phoneVerify);
          return null;
        case 'phone-setup-required':
          await navigate(paths.phoneSetup);
          return null;
        case 'password-reset-required':
          await navigate(paths.resetRequest);
          return null;
        case 'email-not-confirmed':
          return 'login.emailNotConfirmed';
        case 'new-password-required':
          // The temporary password of an invitation, typed into the sign-in form: the link is where it works.
          return 'login.invitationPending';
        case 'unsupported-step':
          return 'generic.somethingWrong';
      }
    },
    [completeSignIn, navigate],
  );
}
