import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../logo/logo';
import './auth-layout.css';

export interface AuthSecondaryAction {
  prompt: string;
  label: string;
  to: string;
}

interface AuthLayoutProps {
  title: string;
  children: ReactNode;
  /** e.g. "No account?" + "Sign up" under the card. */
  secondary?: AuthSecondaryAction;
  /** Sign-up needs more room than a sign-in form. */
  wide?: boolean;
}

/** SPEC section 2 "Auth layout": logo, title, white card, optional secondary button with a prompt. */
export function AuthLayout({ title, children, secondary, wide = false }: AuthLayoutProps) {
  return (
    <div className={`auth-layout${wide ? ' auth-layout--wide' : ''}`}>
      <div className="auth-card">
        <div className="auth-card__logo">
          <Logo compact />
        </div>
        <h1 className="auth-card__title">{title}</h1>
        {children}
      </div>
      {secondary && (
        <p className="auth-layout__secondary">
          <span>{secondary.prompt}</span>
          <Link className="button button--secondary button--small" to={secondary.to}>
            {secondary.label}
          </Link>
        </p>
      )}
    </div>
  );
}
