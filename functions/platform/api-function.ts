/**
 * An API function's Lambda timeout, set by the stack (infra/stacks/stateless-stack.ts) and counted on by the functions:
 * a use case answers 503 REQUEST_TIMED_OUT just before it (use-case.ts), and an idempotency key's running marker
 * outlives it (idempotency.ts). API Gateway waits 29 s at most, so it stays well under that.
 */
export const apiFunctionTimeoutSeconds = 10;
