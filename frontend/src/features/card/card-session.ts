import type * as z from 'zod/mini';
import { cardholderSessionAnswerSchema } from '@shared/cardholder';
import { forgetCardSession, storedCardSessionJson } from './card-session-storage';

export { forgetCardSession };

export type CardSession = z.infer<typeof cardholderSessionAnswerSchema>;

/** The session stored in this tab, checked: null when there is none, it is not a session, or it has expired. */
export function readCardSession(now = Date.now()): CardSession | null {
  let stored: unknown;
  try {
    stored = JSON.parse(storedCardSessionJson() ?? 'null');
  } catch {
    return null;
  }
  const session = cardholderSessionAnswerSchema.safeParse(stored);
  if (!session.success || Date.parse(session.data.expiresAt) <= now) return null;
  return session.data;
}
