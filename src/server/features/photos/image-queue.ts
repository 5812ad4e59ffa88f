// A line for work that must not all run at once: at most `atOnce` tasks run, up to `waiting` more
// wait their turn in order, and beyond that `run` refuses at once rather than letting the line grow
// (each waiting upload holds its bytes in memory). A task whose signal is aborted while it waits
// leaves the line and never starts.

export class QueueFullError extends Error {
  constructor() {
    super('the queue is full');
    this.name = 'QueueFullError';
  }
}

export class WorkQueue {
  #running = 0;
  readonly #line: { start: () => void }[] = [];

  constructor(readonly limits: { atOnce: number; waiting: number }) {}

  /** Tasks running now. */
  get running() {
    return this.#running;
  }

  /** Tasks waiting their turn. */
  get waiting() {
    return this.#line.length;
  }

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.#running < this.limits.atOnce) this.#running += 1;
    else if (this.#line.length >= this.limits.waiting) throw new QueueFullError();
    else await this.#turn(signal);
    try {
      return await task();
    } finally {
      // The place passes to the next in line, or is given up.
      const next = this.#line.shift();
      if (next) next.start();
      else this.#running -= 1;
    }
  }

  #turn(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          signal?.removeEventListener('abort', leave);
          resolve();
        },
      };
      const leave = () => {
        this.#line.splice(this.#line.indexOf(entry), 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.#line.push(entry);
    });
  }
}
