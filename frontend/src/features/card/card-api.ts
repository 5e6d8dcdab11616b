import { ApiError } from '@frontend/lib/api-error';
import type * as CardCalls from './card-calls';

type CardCallsModule = typeof CardCalls;

let calls: Promise<CardCallsModule> | null = null;

/** The /card page's calls and rules (card-calls.ts), loaded once; a failed load is tried again by the next use. */
export function loadCardCalls(): Promise<CardCallsModule> {
  calls ??= import('./card-calls').catch((error: unknown) => {
    calls = null;
    throw error;
  });
  return calls;
}

/** Starts loading the calls before they are needed (the employee focused the form), so submitting is quick. */
export function preloadCardCalls(): void {
  void loadCardCalls().catch(() => undefined);
}

export async function callCard<K extends CardCalls.CardRouteName>(name: K, options?: CardCalls.CardCallOptions<K>): Promise<CardCalls.CardAnswer<K>> {
  return (await loadCardCalls()).callCard(name, options);
}

/** The page closes for these: the session is over, or the company closed the employee's access. */
export function endsCardSession(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || error.code === 'CARDHOLDER_ACCESS_BLOCKED');
}
