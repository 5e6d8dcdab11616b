import { ApiError } from '@frontend/lib/api-error';
import { loadOnce } from '@frontend/lib/load-once';
import type * as CardCalls from './card-calls';

/** The /card page's calls and rules (card-calls.ts), loaded once; a failed load is tried again by the next use. */
export const loadCardCalls = loadOnce(() => import('./card-calls'));

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
