import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@frontend/lib/api-error';

/** A refusal (4xx) will not change on retry; only network and server failures are retried, once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
