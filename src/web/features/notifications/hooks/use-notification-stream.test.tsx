import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, stubEventSource } from '../../../test/event-source.ts';
import { notificationsKey } from '../api/use-notifications.ts';
import { type StreamListeners, useNotificationStream } from './use-notification-stream.ts';

// When the server ends the stream for good (`stop`: the account's newer tab holds it) or refuses it
// (503: the instance is full), the page does not hammer it: it waits to be looked at again, or a while.

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  stubEventSource();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => vi.useRealTimers());

function render(listeners: StreamListeners = {}) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, ...renderHook(() => useNotificationStream(true, listeners), { wrapper }) };
}

const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('useNotificationStream', () => {
  it('stops on the server’s stop event, and takes the stream back when the tab is looked at again', () => {
    const { unmount } = render();
    expect(FakeEventSource.opened).toHaveLength(1);
    setVisibility('hidden');
    act(() => {
      FakeEventSource.opened[0]!.dispatchEvent(new MessageEvent('stop', { data: '{"reason":"too_many_streams"}' }));
    });
    expect(FakeEventSource.opened[0]!.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => setVisibility('visible'));
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]!.readyState).toBe(FakeEventSource.CONNECTING);
    unmount();
    expect(FakeEventSource.opened[1]!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('tries again 30 s after the server refused the stream, not at once', () => {
    vi.useFakeTimers();
    render();
    const first = FakeEventSource.opened[0]!;
    act(() => {
      first.readyState = FakeEventSource.CLOSED;
      first.dispatchEvent(new Event('error'));
    });
    act(() => vi.advanceTimersByTime(29_000));
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('lets a dropped stream reconnect by itself (the browser does), opening no second one', () => {
    vi.useFakeTimers();
    render();
    act(() => {
      FakeEventSource.opened[0]!.dispatchEvent(new Event('error'));
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('hands a chat message to its listener and leaves the notifications alone', () => {
    const onMessage = vi.fn();
    const { client } = render({ onMessage });
    const page = { items: [], unread: 0, nextCursor: null };
    client.setQueryData(notificationsKey, page);
    const live = {
      conversation_id: 'c1',
      laptop_id: 'l1',
      from: { _id: 'u1', name: 'Sadia Islam' },
      message: {
        _id: 'm1',
        from_me: false,
        text: 'Hi',
        sent_at: '2026-11-20T10:00:00.000Z',
        warnings: [],
        sender_id: 'u1',
      },
    };
    act(() => FakeEventSource.opened[0]!.send('message', live));
    expect(onMessage).toHaveBeenCalledWith(live);
    expect(client.getQueryData(notificationsKey)).toBe(page);
  });
});
