import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads on first use and shares the load; a failed load is tried again by the next use', async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return calls;
    });
    await expect(load()).rejects.toThrow('offline');
    await expect(Promise.all([load(), load()])).resolves.toEqual([2, 2]);
    await expect(load()).resolves.toBe(2);
    expect(calls).toBe(2);
  });
});
