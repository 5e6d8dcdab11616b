import { useCase } from '../platform/use-case';
import { revokeTokensIssuedBefore } from './user-repository';

export const handler = useCase('POST /logout', async ({ caller }) => {
  // Token `iat` has whole seconds: revoking up to the next second also covers a token minted this very second.
  await revokeTokensIssuedBefore(caller.userId, Math.floor(Date.now() / 1000) + 1);
  return { ok: true as const };
});
