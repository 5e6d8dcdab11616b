/**
 * What the staff's sign-in page (sign-in.html) shows from the shared namespaces beside its own (`auth`): its frame
 * (skip link, language, footer), the sign-out of a session it finds, the confirmation link's status and every error
 * its calls can answer. The build makes one small module per language of exactly these (frontend/vite/entry-messages.ts),
 * so the first paint of the sign-in loads neither i18next nor the portal's other texts. A path naming an object takes
 * all of it.
 */
export const signInBorrowedMessages = {
  common: ['skipToContent', 'loading', 'language.label', 'footer', 'error', 'nav.logout', 'confirmationLink.sent'],
  errors: [
    // Cognito's refusals and the sign-in's own messages (auth-errors.ts).
    'login',
    'verify',
    'generic',
    // The forms' field messages (shared/auth's login and code rules) and their fallback.
    'fields.REQUIRED',
    'fields.INVALID_VALUE',
    'fields.INVALID_EMAIL',
    'fields.INVALID_CODE',
    // The profile and the confirmation link's answers, and what the client says when there is no answer to read.
    'codes.VALIDATION_FAILED',
    'codes.BAD_REQUEST',
    'codes.MALFORMED_JSON',
    'codes.UNAUTHORIZED',
    'codes.TOKEN_REVOKED',
    'codes.FORBIDDEN',
    'codes.PROFILE_NOT_FOUND',
    'codes.NOT_FOUND',
    'codes.ROUTE_NOT_FOUND',
    'codes.PAYLOAD_TOO_LARGE',
    'codes.TOO_MANY_REQUESTS',
    'codes.INTERNAL',
    'codes.SERVICE_UNAVAILABLE',
    'codes.NETWORK',
    'codes.INVALID_ANSWER',
  ],
} as const satisfies Readonly<Record<string, readonly string[]>>;

/** The namespace the sign-in page's keys are in when they name none. */
export const signInNamespace = 'auth';
