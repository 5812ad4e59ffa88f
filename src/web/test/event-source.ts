import { vi } from 'vitest';

/**
 * A stand-in for the browser's EventSource (jsdom has none): a test opens none itself, it finds the
 * page's in `opened` and dispatches events on it as the server would send them.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server sends event `type` with `data` as JSON. */
  send(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

/** Stubs EventSource for this test (undone with the test's other globals). */
export function stubEventSource() {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

/** The stream the page holds open now. */
export function openStream(): FakeEventSource {
  const open = FakeEventSource.opened.filter((s) => s.readyState !== FakeEventSource.CLOSED);
  if (open.length !== 1) throw new Error(`${open.length} streams open, expected 1`);
  return open[0]!;
}
