import { describe, expect, it } from 'vitest';
import { MemoryFailureDelay } from './rate-limiter.ts';

describe('MemoryFailureDelay', () => {
  it('lets the first failures through, then doubles the wait from 1 s up to the cap, and forgets after the window', async () => {
    let now = 0;
    const delay = new MemoryFailureDelay({ free: 3, windowMs: 15 * 60_000, maxDelayMs: 8_000, now: () => now });
    for (let i = 0; i < 3; i += 1) {
      expect(await delay.wait('a|1.2.3.4')).toBe(0);
      await delay.fail('a|1.2.3.4');
    }
    const waits = [];
    for (let i = 0; i < 6; i += 1) {
      waits.push(await delay.wait('a|1.2.3.4'));
      await delay.fail('a|1.2.3.4');
    }
    expect(waits).toEqual([1, 2, 4, 8, 8, 8]);
    // Another address for the same account is not slowed at all.
    expect(await delay.wait('a|5.6.7.8')).toBe(0);
    now += 8_000;
    expect(await delay.wait('a|1.2.3.4')).toBe(0);
    now += 15 * 60_000;
    await delay.fail('a|1.2.3.4');
    expect(await delay.wait('a|1.2.3.4')).toBe(0);
  });

  it('starts over after a success', async () => {
    const delay = new MemoryFailureDelay({ free: 1, windowMs: 60_000, maxDelayMs: 60_000 });
    await delay.fail('k');
    expect(await delay.wait('k')).toBe(1);
    await delay.reset('k');
    expect(await delay.wait('k')).toBe(0);
  });
});
