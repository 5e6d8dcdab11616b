import { PlaceholderAuthScreen } from './placeholder-auth-screen';

/** The password reset request; the form arrives with its issue. */
export function ResetRequestScreen() {
  return <PlaceholderAuthScreen section="resetRequest" />;
}
