// One line per kind of error per interval: an outage that fails every request (thousands a
// second) writes its first occurrence in full, then one line per interval saying how many more
// there were, not one line per request (docs/operations.md#logs).

/** Kinds followed at once; past this a new kind is logged as it comes (kinds are few: causes, routes). */
const MAX_KINDS = 200;

interface Kind {
  windowEnds: number;
  repeats: number;
  timer?: NodeJS.Timeout;
  logRepeats?: (count: number, seconds: number) => void;
}

export class LogThrottle {
  private readonly kinds = new Map<string, Kind>();

  constructor(
    readonly intervalMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Reports one occurrence of `kind`. The first in an interval is written at once by `logFirst`;
   * the others are counted, and when the interval ends `logRepeats(count, seconds)` writes how many
   * there were (the count since the last line about this kind).
   */
  report(kind: string, logFirst: () => void, logRepeats: (count: number, seconds: number) => void): void {
    const now = this.now();
    const known = this.kinds.get(kind);
    if (!known || (known.windowEnds <= now && known.repeats === 0)) {
      if (!known && this.kinds.size >= MAX_KINDS) this.forgetQuiet(now);
      logFirst();
      if (known) known.windowEnds = now + this.intervalMs;
      else if (this.kinds.size < MAX_KINDS) this.kinds.set(kind, { windowEnds: now + this.intervalMs, repeats: 0 });
      return;
    }
    known.repeats += 1;
    known.logRepeats = logRepeats;
    known.timer ??= setTimeout(() => this.flush(kind), Math.max(0, known.windowEnds - now));
    known.timer.unref?.();
  }

  /** Writes the counts still held (at shutdown). */
  flushAll(): void {
    for (const kind of [...this.kinds.keys()]) this.flush(kind);
  }

  private flush(kind: string): void {
    const known = this.kinds.get(kind);
    if (!known) return;
    clearTimeout(known.timer);
    known.timer = undefined;
    if (known.repeats === 0) return;
    const count = known.repeats;
    known.repeats = 0;
    // The next interval starts now: the next repeats are counted again and written at its end.
    known.windowEnds = this.now() + this.intervalMs;
    known.logRepeats?.(count, this.intervalMs / 1000);
  }

  private forgetQuiet(now: number): void {
    for (const [kind, known] of this.kinds) if (known.repeats === 0 && known.windowEnds <= now) this.kinds.delete(kind);
  }
}
