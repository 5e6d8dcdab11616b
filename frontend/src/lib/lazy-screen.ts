import { lazy, type ComponentType } from 'react';

/** SPEC section 7: script chunks load with a 120000 ms timeout. */
export const chunkLoadTimeoutMs = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super(`A part of the portal did not load within ${chunkLoadTimeoutMs / 1000} seconds`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** Resolves as `loading` does, or rejects once `ms` have passed; the route's error boundary then shows the failure. */
export function withTimeout<T>(loading: Promise<T>, ms = chunkLoadTimeoutMs): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), ms);
  });
  return Promise.race([loading, timeout]).finally(() => clearTimeout(timer));
}

/** A lazily loaded screen: `lazyScreen(() => import('./x-screen'), 'XScreen')`. */
export function lazyScreen<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(() => withTimeout(load()).then((module) => ({ default: module[name] })));
}
