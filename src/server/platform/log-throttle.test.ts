import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogThrottle } from './log-throttle.ts';

// An outage fails every request: its log says so once, then how many more, once per interval.
describe('LogThrottle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function recorder() {
    const lines: string[] = [];
    return {
      lines,
      report: (throttle: LogThrottle, kind: string) =>
        throttle.report(
          kind,
          () => lines.push(`${kind}: first`),
          (count, seconds) => lines.push(`${kind}: ${count} more in ${seconds} s`),
        ),
    };
  }

  it('writes the first of a kind at once and the rest as one count per interval', () => {
    const throttle = new LogThrottle(10_000);
    const { lines, report } = recorder();
    for (let i = 0; i < 1_000; i += 1) report(throttle, 'outage connection refused');
    expect(lines).toEqual(['outage connection refused: first']);
    vi.advanceTimersByTime(10_000);
    expect(lines).toEqual(['outage connection refused: first', 'outage connection refused: 999 more in 10 s']);
    // Still failing: one line per interval, counting only what came since the last line.
    for (let i = 0; i < 50; i += 1) report(throttle, 'outage connection refused');
    vi.advanceTimersByTime(10_000);
    expect(lines.at(-1)).toBe('outage connection refused: 50 more in 10 s');
    expect(lines).toHaveLength(3);
  });

  it('follows each kind on its own', () => {
    const throttle = new LogThrottle(10_000);
    const { lines, report } = recorder();
    report(throttle, 'a');
    report(throttle, 'b');
    report(throttle, 'a');
    vi.advanceTimersByTime(10_000);
    expect(lines).toEqual(['a: first', 'b: first', 'a: 1 more in 10 s']);
  });

  it('writes nothing more for a kind that stopped, and writes it in full when it comes back', () => {
    const throttle = new LogThrottle(10_000);
    const { lines, report } = recorder();
    report(throttle, 'a');
    vi.advanceTimersByTime(60_000);
    expect(lines).toEqual(['a: first']);
    report(throttle, 'a');
    expect(lines).toEqual(['a: first', 'a: first']);
  });

  it('writes the counts still held when asked (at shutdown)', () => {
    const throttle = new LogThrottle(10_000);
    const { lines, report } = recorder();
    report(throttle, 'a');
    report(throttle, 'a');
    report(throttle, 'a');
    throttle.flushAll();
    expect(lines).toEqual(['a: first', 'a: 2 more in 10 s']);
    vi.advanceTimersByTime(10_000);
    expect(lines).toHaveLength(2);
  });
});
