import { describe, expect, it } from 'vitest';
import { QueueFullError, WorkQueue } from './image-queue.ts';

/** A task that runs until its `finish` is called, noting when it started. */
function task(log: string[], name: string) {
  let finish = () => {};
  const run = () =>
    new Promise<string>((resolve) => {
      log.push(name);
      finish = () => resolve(name);
    });
  return { run, finish: () => finish() };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkQueue', () => {
  it('runs at most atOnce tasks; the others start in the order they came as places free', async () => {
    const queue = new WorkQueue({ atOnce: 2, waiting: 5 });
    const log: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => task(log, name));
    const done = tasks.map((t) => queue.run(t.run));
    await tick();
    expect(log).toEqual(['a', 'b']);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    tasks[1]!.finish();
    await tick();
    expect(log).toEqual(['a', 'b', 'c']);
    tasks[0]!.finish();
    tasks[2]!.finish();
    await tick();
    tasks[3]!.finish();
    expect(await Promise.all(done)).toEqual(['a', 'b', 'c', 'd']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses at once when the line is full, and frees the place of a task that fails', async () => {
    const queue = new WorkQueue({ atOnce: 1, waiting: 1 });
    const log: string[] = [];
    const first = task(log, 'first');
    const running = queue.run(first.run);
    const waiting = queue.run(() => Promise.reject(new Error('broken')));
    await expect(queue.run(async () => 'more')).rejects.toBeInstanceOf(QueueFullError);
    first.finish();
    await running;
    await expect(waiting).rejects.toThrow('broken');
    expect(await queue.run(async () => 'after')).toBe('after');
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('takes a task whose signal is aborted out of the line; it never starts', async () => {
    const queue = new WorkQueue({ atOnce: 1, waiting: 3 });
    const log: string[] = [];
    const first = task(log, 'first');
    const running = queue.run(first.run);
    const gone = new AbortController();
    const abandoned = queue.run(task(log, 'abandoned').run, gone.signal);
    const next = task(log, 'next');
    const after = queue.run(next.run);
    gone.abort();
    await expect(abandoned).rejects.toMatchObject({ name: 'AbortError' });
    expect(queue.waiting).toBe(1);
    first.finish();
    await tick();
    next.finish();
    await Promise.all([running, after]);
    expect(log).toEqual(['first', 'next']);
    await expect(queue.run(async () => 'never', AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
  });
});
