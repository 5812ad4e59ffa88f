// The pure pieces of the chat part (bench/chat.ts): who writes each message, how a message's number
// travels in its text, reading server-sent events from a stream's chunks, and percentiles.

import { MESSAGES_PER_MINUTE } from '../src/server/features/conversations/routes.ts';

/**
 * Who writes the `i`-th message: conversation `i % conversations`, its buyer and its seller taking
 * turns round by round, so that every one of the 2 × `conversations` people writes once before
 * anyone writes again, and the other reads it on their stream. A person may write
 * MESSAGES_PER_MINUTE a minute: past that many rounds the run would be answered 429, so it stops
 * here instead, saying why.
 */
export function writerOf(i: number, conversations: number): { conversation: number; fromBuyer: boolean } {
  const perPerson = Math.floor(i / (2 * conversations));
  if (perPerson >= MESSAGES_PER_MINUTE)
    throw new Error(
      `the chat part ran out of messages: ${2 * conversations} people may send ${MESSAGES_PER_MINUTE} a minute each`,
    );
  return { conversation: i % conversations, fromBuyer: Math.floor(i / conversations) % 2 === 0 };
}

// What people write about a used laptop, in both languages; none of them calls for a scam warning.
const TEXTS = [
  'Is the battery still good? How long does it last on a charge?',
  'ব্যাটারি কেমন? চার্জে কতক্ষণ চলে?',
  'Can I see it tomorrow afternoon in Dhanmondi?',
  'কাল বিকেলে ধানমন্ডিতে দেখা করা যাবে?',
  'Any scratches on the screen or the keyboard?',
  'চার্জার আর বক্স সাথে আছে?',
];

/** The `i`-th message's text: an ordinary question, then its number, which the stream's reader reads back. */
export const messageText = (i: number) => `${TEXTS[i % TEXTS.length]} #${i}`;

/** The number of a message made by messageText, from its text (or from JSON holding it); undefined for any other. */
export function messageNumber(text: string): number | undefined {
  const m = /#(\d+)(?:"|$)/.exec(text);
  return m ? Number(m[1]) : undefined;
}

export interface SseEvent {
  event: string;
  data: string;
}

/**
 * The complete events in `buffer` (text/event-stream: fields a line each, an empty line ends an
 * event; comments and `retry:` carry no data and are skipped) and what is left of an event still
 * coming. Lines end in \n, as the server writes them.
 */
export function readEvents(buffer: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  let start = 0;
  for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n', start)) {
    let event = 'message';
    const data: string[] = [];
    for (const line of buffer.slice(start, end).split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(line[5] === ' ' ? 6 : 5));
    }
    if (data.length) events.push({ event, data: data.join('\n') });
    start = end + 2;
  }
  return { events, rest: buffer.slice(start) };
}

/** The `p`-th percentile (nearest rank) of `values`, rounded to the millisecond; null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return Math.round(sorted[rank - 1]!);
}
