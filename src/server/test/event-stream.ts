import type { TestApp } from './test-app.ts';

export interface StreamEvent {
  id?: string;
  event: string;
  data: string;
}

export interface EventStreamReader {
  status: number;
  /** The next event with data, within `ms`. */
  next(ms?: number): Promise<StreamEvent>;
  /** True once the server has ended the stream (within `ms`), having read what was left. */
  ended(ms?: number): Promise<boolean>;
  close(): void;
}

/**
 * GET /api/notifications/stream as a browser's EventSource asks for it, read event by event. A
 * refused stream (not 200) is given back with its status, and nothing to read.
 */
export async function openEventStream(
  t: Pick<TestApp, 'request'>,
  cookie: string,
  { lastEventId, query }: { lastEventId?: string; query?: string } = {},
): Promise<EventStreamReader & { response: Response }> {
  const controller = new AbortController();
  const response = await t.request(`/api/notifications/stream${query ? `?${query}` : ''}`, {
    headers: { cookie, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const close = () => controller.abort();
  if (response.status !== 200 || !response.body) {
    return {
      response,
      status: response.status,
      next: () => Promise.reject(new Error(`the stream was refused: ${response.status}`)),
      ended: async () => true,
      close,
    };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let done = false;
  let reading: Promise<void> | undefined;
  // One read at a time; a read outlives a caller that stopped waiting, and its text is kept.
  const readMore = () => {
    reading ??= reader.read().then(
      (chunk) => {
        reading = undefined;
        if (chunk.done) done = true;
        else buffer += chunk.value;
      },
      () => {
        reading = undefined;
        done = true;
      },
    );
    return reading;
  };
  const within = <T>(work: Promise<T>, ms: number) =>
    Promise.race([work, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), ms))]);

  const takeEvent = (): StreamEvent | undefined => {
    const events = buffer.split('\n\n');
    for (let i = 0; i < events.length - 1; i++) {
      const fields = Object.fromEntries(
        events[i]!.split('\n')
          .filter((line) => line && !line.startsWith(':'))
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
      ) as Partial<StreamEvent>;
      if (fields.data !== undefined) {
        buffer = events.slice(i + 1).join('\n\n');
        return { id: fields.id, event: fields.event ?? 'message', data: fields.data };
      }
    }
    return undefined;
  };

  return {
    response,
    status: 200,
    async next(ms = 5_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const event = takeEvent();
        if (event) return event;
        if (done) throw new Error(`the stream ended; left: ${buffer}`);
        const left = deadline - Date.now();
        if (left <= 0 || (await within(readMore(), left)) === 'late')
          throw new Error(`no event in ${ms} ms: ${buffer}`);
      }
    },
    async ended(ms = 5_000) {
      const deadline = Date.now() + ms;
      while (!done) {
        const left = deadline - Date.now();
        if (left <= 0 || (await within(readMore(), left)) === 'late') return false;
      }
      return true;
    },
    close,
  };
}
