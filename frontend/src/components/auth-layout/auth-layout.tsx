import { Link } from 'react-router-dom';
import { AuthCard, type AuthCardProps } from './auth-card';

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
          <p className="auth-layout__secondary">
            <span>{secondary.prompt}</span>
            <Link className="button button--secondary button--small" to={secondary.to}>
              {secondary.label}
            </Link>
          </p>
        )
      }
    />
  );
}
