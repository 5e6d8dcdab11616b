import * as cardholderRoutes from '@shared/api/routes/cardholder-routes';
import { smsCodeSchema } from '@shared/auth';
import { cardholderPhoneSchema } from '@shared/cardholder';
import { loadConfig } from '@frontend/lib/config';
import { loadOnce } from '@frontend/lib/load-once';
import { ApiError } from '@frontend/lib/api-error';
import { callApiWith, type Answer, type CallOptions } from '@frontend/lib/http-client';
import { forgetCardSession, readCardSession } from './card-session';

/**
 * Everything of the /card page that needs zod: the routes' schemas, the forms' rules and the API calls. It loads after
 * the first paint (card-api.ts), when the employee starts typing or a stored session is read, so the phone step paints
 * on React and the page's own code alone.
 */
export const cardRoutes = {
  requestSignInCode: cardholderRoutes.requestSignInCode,
  signIn: cardholderRoutes.signIn,
  getCard: cardholderRoutes.getCard,
  getCardHistory: cardholderRoutes.getCardHistory,
  blockCard: cardholderRoutes.blockCard,
  unblockCard: cardholderRoutes.unblockCard,
  signOut: cardholderRoutes.signOut,
} as const;
export type CardRouteName = keyof typeof cardRoutes;
export type CardAnswer<K extends CardRouteName> = Answer<(typeof cardRoutes)[K]>;
export type CardCallOptions<K extends CardRouteName> = Pick<CallOptions<(typeof cardRoutes)[K]>, 'body' | 'query' | 'signal'>;

/** The forms' rules, the same shared/ schemas the API checks. */
export const cardFormSchemas = { phone: cardholderPhoneSchema, code: smsCodeSchema } as const;

/** config.json, read once; a failed read is tried again by the next call. */
const configOnce = loadOnce(() => loadConfig());

/**
 * Calls a /card route with the employee's own token (never the staff's Cognito session). A session route without a
 * valid stored session, or one the API refuses, ends the session: the screen goes back to the phone step.
 */
export async function callCard<K extends CardRouteName>(name: K, options: CardCallOptions<K> = {}): Promise<CardAnswer<K>> {
  await configOnce();
  const route = cardRoutes[name];
  const session = route.access.kind === 'cardholder' ? readCardSession() : null;
  if (route.access.kind === 'cardholder' && !session) throw new ApiError(401, 'CARDHOLDER_SESSION_ENDED', 'No card session in this tab');
  return callApiWith(route, options as CallOptions<typeof route>, {
    token: session?.token ?? null,
    onRefused: (status) => {
      if (status === 401 && route.access.kind === 'cardholder') forgetCardSession();
    },
  }) as Promise<CardAnswer<K>>;
}
