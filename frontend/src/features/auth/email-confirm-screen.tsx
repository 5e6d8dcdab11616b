import { PlaceholderAuthScreen } from './placeholder-auth-screen';

/** The e-mail confirmation link (/users/email/confirm/{token}); the form arrives with its issue. */
export function EmailConfirmScreen() {
  return <PlaceholderAuthScreen section="emailConfirm" />;
}
