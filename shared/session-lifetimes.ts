/**
 * How long Cognito's tokens live (DESIGN section 6). The stack and the local pool set them from here; the API keeps
 * a signed-out session's revocation record exactly as long as its refresh token could mint access tokens.
 */
export const sessionLifetimes = {
  accessTokenMinutes: 15,
  idTokenMinutes: 15,
  refreshTokenDays: 30,
} as const;
