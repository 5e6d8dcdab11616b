import { PlaceholderAuthScreen } from './placeholder-auth-screen';

/** The password reset link (/reset/password/{token}); the form arrives with its issue. */
export function ResetPasswordScreen() {
  return <PlaceholderAuthScreen section="reset" />;
}
