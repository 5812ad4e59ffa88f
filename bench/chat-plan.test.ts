import { describe, expect, it } from 'vitest';
import { MESSAGES_PER_MINUTE } from '../src/server/features/conversations/routes.ts';
import { messageNumber, messageText, percentile, readEvents, writerOf } from './chat-plan.ts';

describe("the chat part's writers", () => {
  it('has every person of every conversation write once before anyone writes again, buyer and seller in turn', () => {
    const round = Array.from({ length: 6 }, (_, i) => writerOf(i, 3));
    expect(round).toEqual([
      { conversation: 0, fromBuyer: true },
      { conversation: 1, fromBuyer: true },
      { conversation: 2, fromBuyer: true },
      { conversation: 0, fromBuyer: false },
      { conversation: 1, fromBuyer: false },
      { conversation: 2, fromBuyer: false },
    ]);
    expect(writerOf(6, 3)).toEqual({ conversation: 0, fromBuyer: true });
  });

  it('stops at the messages a person may send a minute, not one later', () => {
    const people = 2 * 200;
    const counts = new Map<string, number>();
    for (let i = 0; i < people * MESSAGES_PER_MINUTE; i += 1) {
      const { conversation, fromBuyer } = writerOf(i, 200);
      const who = `${conversation}:${fromBuyer}`;
      counts.set(who, (counts.get(who) ?? 0) + 1);
    }
    expect(counts.size).toBe(people);
    expect(new Set(counts.values())).toEqual(new Set([MESSAGES_PER_MINUTE]));
    expect(() => writerOf(people * MESSAGES_PER_MINUTE, 200)).toThrow(/ran out of messages/);
  });
});

describe("a message's number", () => {
  it('is read back from its text, in either language, and from the JSON a stream or an answer carries', () => {
    for (const i of [0, 1, 7, 12_345]) {
      const text = messageText(i);
      expect(messageNumber(text)).toBe(i);
      expect(messageNumber(JSON.stringify({ _id: 'x', text, warnings: [] }))).toBe(i);
    }
    expect(messageText(1)).toMatch(/[\u0980-\u09ff]/);
  });

  it('is not found in other text', () => {
    expect(messageNumber('Is this laptop still available?')).toBeUndefined();
    expect(messageNumber('Room #12 in the market')).toBeUndefined();
  });
});

describe('reading server-sent events', () => {
  it('gives complete events with their names and data, skipping comments and retry, and keeps the rest', () => {
    const { events, rest } = readEvents(
      'retry: 3000\n\n: keep-alive\n\nid: 7\nevent: notification\ndata: {"a":1}\n\nevent: message\ndata: {"b"',
    );
    expect(events).toEqual([{ event: 'notification', data: '{"a":1}' }]);
    expect(rest).toBe('event: message\ndata: {"b"');
    expect(readEvents(`${rest}:2}\n\n`)).toEqual({ events: [{ event: 'message', data: '{"b":2}' }], rest: '' });
  });

  it('joins data lines and names an unnamed event `message`', () => {
    expect(readEvents('data: one\ndata:two\n\n').events).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});

describe('percentiles', () => {
  it('takes the nearest rank, rounded to the millisecond', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i + 0.4);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([3.6], 99)).toBe(4);
    expect(percentile([], 99)).toBeNull();
  });
});
