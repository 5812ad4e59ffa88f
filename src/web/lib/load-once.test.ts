import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('loads once, shares the promise, and gives the value at once after it came', async () => {
    let calls = 0;
    const load = loadOnce(async () => ++calls);
    expect(load.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([load(), load()]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    expect(load.loaded()).toBe(1);
  });

  it('forgets a failure, so the next call tries again', async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return 'chunk';
    });
    await expect(load()).rejects.toThrow('offline');
    expect(load.loaded()).toBeUndefined();
    await expect(load()).resolves.toBe('chunk');
    expect(load.loaded()).toBe('chunk');
  });
});
