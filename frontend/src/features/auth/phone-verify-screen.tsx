import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { smsCodeSchema } from '@shared/auth';
import { canResendCode, confirmCode, resendCode } from '@frontend/lib/auth';
import { PhoneVerifyCard, type CodeStep } from './phone-verify-card';
import { useFollowSignIn } from './use-follow-sign-in';

/**
 * The portal's SMS step, for a sign-in the portal itself started (an invitation's new password). The sign-in page has
 * its own at the same path (sign-in-app), for the sign-ins that start there.
 */
export function PhoneVerifyScreen() {
  const { t } = useTranslation(['auth', 'errors']);
  const follow = useFollowSignIn();
  const step = useMemo<CodeStep>(() => ({ canResend: canResendCode, resend: resendCode, confirm: confirmCode, follow, schema: smsCodeSchema }), [follow]);
  return (
    <PhoneVerifyCard
      t={t}
      step={step}
      link={(to, children, className) => (
        <Link to={to} className={className}>
          {children}
        </Link>
      )}
    />
  );
}
