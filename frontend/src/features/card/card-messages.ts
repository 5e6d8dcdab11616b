/**
 * What the employees' /card page shows from the shared namespaces beside its own (`card`): its frame (skip link,
 * language, footer, dialog and loading names) and every error its calls can answer. The build makes one small
 * module per language of exactly these (frontend/vite/entry-messages.ts), so a phone loads neither i18next nor the
 * portal's other texts. A path naming an object takes all of it.
 */
export const cardBorrowedMessages = {
  common: ['skipToContent', 'closeDialog', 'loading', 'language.label', 'footer', 'error'],
  errors: [
    // The forms' field messages (shared/cardholder's phone, shared/auth's code) and their fallback.
    'fields.REQUIRED',
    'fields.INVALID_VALUE',
    'fields.INVALID_PHONE',
    'fields.INVALID_CODE',
    'generic',
    // The /card routes' own refusals (functions/cardholders and the card actions they share).
    'codes.CARDHOLDER_ACCESS_BLOCKED',
    'codes.CARDHOLDER_CODE_INVALID',
    'codes.CARDHOLDER_SESSION_ENDED',
    'codes.CARDHOLDER_SIGN_IN_LOCKED',
    'codes.CARD_ACTION_NOT_ALLOWED',
    'codes.PHONE_CODE_EXPIRED',
    'codes.TOO_MANY_REQUESTS',
    'codes.CARD_ISSUER_UNAVAILABLE',
    'codes.CARD_ISSUER_NOT_CONFIGURED',
    // What any route may answer, and what the client says when there is no answer to read.
    'codes.VALIDATION_FAILED',
    'codes.BAD_REQUEST',
    'codes.MALFORMED_JSON',
    'codes.UNAUTHORIZED',
    'codes.FORBIDDEN',
    'codes.NOT_FOUND',
    'codes.ROUTE_NOT_FOUND',
    'codes.PAYLOAD_TOO_LARGE',
    'codes.INTERNAL',
    'codes.SERVICE_UNAVAILABLE',
    'codes.NETWORK',
    'codes.INVALID_ANSWER',
  ],
} as const satisfies Readonly<Record<string, readonly string[]>>;

/** The namespace the /card page's keys are in when they name none. */
export const cardNamespace = 'card';
