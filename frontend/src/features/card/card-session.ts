import type * as z from 'zod/mini';
import { cardholderSessionAnswerSchema } from '@shared/cardholder';

/**
 * The employee's /card session: its own token in sessionStorage, apart from the staff's Cognito session, so closing
 * the tab ends it on a shared phone and a staff sign-in in the same browser is never touched.
 */
const storageKey = 'card_session';

export type CardSession = z.infer<typeof cardholderSessionAnswerSchema>;

export function readCardSession(now = Date.now()): CardSession | null {
  let stored: unknown;
  try {
    stored = JSON.parse(window.sessionStorage.getItem(storageKey) ?? 'null');
  } catch {
    return null;
  }
  const session = cardholderSessionAnswerSchema.safeParse(stored);
  if (!session.success || Date.parse(session.data.expiresAt) <= now) return null;
  return session.data;
}

export function storeCardSession(session: CardSession): void {
  window.sessionStorage.setItem(storageKey, JSON.stringify(session));
}

export function forgetCardSession(): void {
  window.sessionStorage.removeItem(storageKey);
}
