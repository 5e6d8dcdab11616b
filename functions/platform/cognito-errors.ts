import { LimitExceededException, TooManyRequestsException } from '@aws-sdk/client-cognito-identity-provider';

/** Cognito's two ways of saying "slow down"; every use case answers them 429 TOO_MANY_REQUESTS. */
export function isThrottled(error: unknown): boolean {
  return error instanceof TooManyRequestsException || error instanceof LimitExceededException;
}
