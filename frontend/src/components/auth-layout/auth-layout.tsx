import { useEffect, useRef, type ReactNode } from 'react';
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
  secondary?: AuthSecondaryAction | undefined;
  /** Sign-up needs more room than a sign-in form. */
  wide?: boolean;
  /**
   * When the card's content is replaced in place (a form by its outcome), the focus would be lost with the
   * form: each new value moves the focus to the title, so the new content is read from its start.
   */
  focusKey?: string | undefined;
}

/** SPEC section 2 "Auth layout": logo, title, white card, optional secondary button with a prompt. */
export function AuthLayout({ title, children, secondary, wide = false, focusKey }: AuthLayoutProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusKey !== undefined) titleRef.current?.focus();
  }, [focusKey]);
  return (
    <div className={`auth-layout${wide ? ' auth-layout--wide' : ''}`}>
      <div className="auth-card">
        <div className="auth-card__logo">
          <Logo compact />
        </div>
        <h1 ref={titleRef} className="auth-card__title" tabIndex={focusKey !== undefined ? -1 : undefined}>
          {title}
        </h1>
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
