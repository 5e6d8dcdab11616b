import { Link } from 'react-router-dom';
import { AuthCard, AuthSecondary, authSecondaryLinkClass, type AuthCardProps } from './auth-card';

export interface AuthSecondaryAction {
  prompt: string;
  label: string;
  to: string;
}

interface AuthLayoutProps extends Omit<AuthCardProps, 'after'> {
  /** e.g. "No account?" + "Sign up" under the card. */
  secondary?: AuthSecondaryAction | undefined;
}

/** SPEC section 2 "Auth layout": logo, title, white card, optional secondary button with a prompt. */
export function AuthLayout({ secondary, ...card }: AuthLayoutProps) {
  return (
    <AuthCard
      {...card}
      after={
        secondary && (
          <AuthSecondary
            prompt={secondary.prompt}
            link={
              <Link className={authSecondaryLinkClass} to={secondary.to}>
                {secondary.label}
              </Link>
            }
          />
        )
      }
    />
  );
}
