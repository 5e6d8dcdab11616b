import { useEffect, useRef, type ReactNode } from 'react';
import { Logo } from '../logo/logo';
import './auth-layout.css';

export interface AuthCardProps {
  title: string;
  children: ReactNode;
  /** Under the card (AuthLayout's secondary action). */
  after?: ReactNode;
  /** Sign-up needs more room than a sign-in form. */
  wide?: boolean;
  /**
   * When the card's content is replaced in place (a form by its outcome), the focus would be lost with the
   * form: each new value moves the focus to the title, so the new content is read from its start.
   */
  focusKey?: string | undefined;
}

/**
 * SPEC section 2 "Auth layout" without the router: logo, title, white card, and what goes under it. The employees'
 * /card page uses it as it is; the portal's screens use AuthLayout.
 */
export function AuthCard({ title, children, after, wide = false, focusKey }: AuthCardProps) {
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
      {after}
    </div>
  );
}

/** The prompt and button under the card ("No account?" + "Sign up"); the link is the page's own (router or plain). */
export function AuthSecondary({ prompt, link }: { prompt: string; link: ReactNode }) {
  return (
    <p className="auth-layout__secondary">
      <span>{prompt}</span>
      {link}
    </p>
  );
}

/** The secondary action's link looks like a small secondary button. */
export const authSecondaryLinkClass = 'button button--secondary button--small';
