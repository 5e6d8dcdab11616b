import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadTimeoutError, chunkLoadTimeoutMs, withTimeout } from './lazy-screen';

describe('withTimeout', () => {
  afterEach(() => vi.useRealTimers());

  it('gives the chunk when it arrives in time', async () => {
    await expect(withTimeout(Promise.resolve('chunk'))).resolves.toBe('chunk');
  });

  it('fails after 120 seconds when the chunk never arrives', async () => {
    vi.useFakeTimers();
    const loading = withTimeout(new Promise<never>(() => undefined));
    const settled = expect(loading).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
    await vi.advanceTimersByTimeAsync(chunkLoadTimeoutMs - 1);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(chunkLoadTimeoutMs).toBe(120_000);
  });
});
