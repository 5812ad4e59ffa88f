import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  Conversation,
  ConversationDetail,
  LiveMessage,
  Message,
  ReportedConversation,
} from '../../../../shared/conversations.ts';
import { englishLeft } from '../../../test/english-left.ts';
import { openStream, stubEventSource } from '../../../test/event-source.ts';
import { mockApi, reply } from '../../../test/fetch.ts';
import { makeLaptop } from '../../../test/laptops.ts';
import { renderIn } from '../../../test/locale.ts';
import { renderApp } from '../../../test/render.tsx';
import { sentRequests, stubMatchMedia } from '../../../test/requests.ts';
import { signedIn, testUsers } from '../../../test/session.ts';

// Conversations on screen (docs/product.md#conversations): "Message seller" on a listing, the list
// in the dashboard, one thread with its warnings and its box, and the navbar's unread count.

// The route modules are compiled on first use: allow for it on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const laptop = makeLaptop({
  _id: 'tp1',
  laptop_name: 'Lenovo ThinkPad T480',
  category: 'casual',
  resale_price: 38_000,
});
const LISTING = '/laptops/tp1/lenovo-thinkpad-t480';
const LAPTOP = '/api/laptops/tp1';
const SIMILAR = '/api/laptops?category=casual&limit=4';
const MY_ORDERS = `/api/myOrders?buyerEmail=${encodeURIComponent(testUsers.buyer.email)}`;
const LIST = '/api/conversations';
const MESSAGES = '/api/conversations/c1/messages';
const READ = 'PUT /api/conversations/c1/read';
const DETAIL = '/api/conversations/c1';

let next = 0;
function conversation(over: Partial<Conversation> = {}): Conversation {
  next += 1;
  return {
    _id: `c${next}`,
    laptop_id: 'tp1',
    laptop_name: 'Lenovo ThinkPad T480',
    laptop_img: '/images/laptops/casual-1.webp',
    other: { _id: 'u-seller', name: 'Rahim Computers' },
    last_message: { text: 'Is it still available?', sent_at: '2026-11-20T10:00:00.000Z', from_me: true },
    unread: 0,
    ...over,
  };
}
function message(over: Partial<Message> = {}): Message {
  next += 1;
  return {
    _id: `m${next}`,
    from_me: false,
    text: 'Hello',
    sent_at: '2026-11-20T10:00:00.000Z',
    warnings: [],
    sender_id: over.from_me ? 'u-me' : 'u-other',
    ...over,
  };
}
/** GET /api/conversations/{id}, as one of its two people reads it. */
function detail(over: Partial<ConversationDetail> = {}): ConversationDetail {
  return {
    ...conversation({ _id: 'c1' }),
    laptop_price: 38_000,
    laptop_status: 'available',
    buyer: { _id: 'u-buyer', name: 'Tanvir Ahmed' },
    seller: { _id: 'u-seller', name: 'Rahim Computers' },
    blocked_by_me: false,
    can_reply: true,
    reported_at: null,
    ...over,
  };
}
const page = <T,>(items: T[], nextCursor: string | null = null) => ({ items, nextCursor });

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
});

describe('Message seller on a listing', () => {
  const listing = {
    [LAPTOP]: { ...laptop, photos: [] },
    [SIMILAR]: { items: [], nextCursor: null, total: 0 },
    '/api/wishlist?limit=100': [],
    [MY_ORDERS]: [],
  };

  it('sends the first message and opens the thread', async () => {
    const started = conversation({ _id: 'c1' });
    const fetchMock = mockApi({
      ...signedIn('buyer'),
      ...listing,
      [`POST ${LIST}`]: reply(201, started),
      [LIST]: page([started]),
      [DETAIL]: detail(),
      [MESSAGES]: page([message({ from_me: true, text: 'Is it still available?' })]),
    });
    const { user, router } = renderApp(LISTING);
    await user.click(await screen.findByRole('button', { name: 'Message seller' }));
    const box = await screen.findByRole('textbox', { name: 'Your message to the seller' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(box, '  Is it still available?  ');
    await user.click(send);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/messages/c1'));
    expect(sentRequests(fetchMock).filter((r) => r.method === 'POST')).toMatchObject([
      { path: LIST, body: { laptop_id: 'tp1', text: 'Is it still available?' } },
    ]);
    expect(await screen.findByText('Is it still available?', { selector: '.chat-bubble' })).toBeInTheDocument();
  });

  it('asks a visitor to log in and come back', async () => {
    mockApi(listing);
    renderApp(LISTING);
    expect(await screen.findByRole('link', { name: 'Log in to message the seller' })).toHaveAttribute(
      'href',
      `/login?from=${encodeURIComponent(LISTING)}`,
    );
  });

  it('is not offered on one’s own listing', async () => {
    mockApi({
      ...signedIn('seller'),
      ...listing,
      [`/api/myOrders?buyerEmail=${encodeURIComponent(testUsers.seller.email)}`]: [],
    });
    renderApp(LISTING);
    expect(await screen.findByText('This is your own listing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
  });
});

describe('Message seller on a laptop card', () => {
  const GAMING = '/api/categories/gaming';
  const laptops = [
    makeLaptop({ _id: 'tp1', laptop_name: 'Lenovo Legion 5', category: 'gaming' }),
    makeLaptop({ _id: 'own', laptop_name: 'Asus TUF F15', category: 'gaming', seller_email: testUsers.buyer.email }),
    makeLaptop({ _id: 'sold', laptop_name: 'HP Victus 16', category: 'gaming', salesStatus: 'sold' }),
  ];
  const card = (name: string) => screen.getByRole('heading', { name }).closest('article')!;

  it('opens the first-message form on a card and starts the conversation; not on one’s own or a sold laptop', async () => {
    const started = conversation({ _id: 'c1' });
    const fetchMock = mockApi({
      ...signedIn('buyer'),
      [GAMING]: laptops,
      '/api/wishlist?limit=100': [],
      [MY_ORDERS]: [],
      [`POST ${LIST}`]: reply(201, started),
      [DETAIL]: detail(),
      [MESSAGES]: page([message({ from_me: true, text: 'Still for sale?' })]),
    });
    const { user, router } = renderApp('/category/gaming');
    await screen.findByRole('heading', { level: 1, name: 'Gaming Laptops' });
    const legion = card('Lenovo Legion 5');
    expect(within(card('Asus TUF F15')).queryByRole('button', { name: 'Message seller' })).toBeNull();
    expect(within(card('HP Victus 16')).queryByRole('button', { name: 'Message seller' })).toBeNull();
    await user.click(await within(legion).findByRole('button', { name: 'Message seller' }));
    const box = await within(legion).findByRole('textbox', { name: 'Your message to the seller' });
    expect(box).toHaveFocus();
    await user.type(box, 'Still for sale?{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/messages/c1'));
    expect(sentRequests(fetchMock).filter((r) => r.method === 'POST')).toMatchObject([
      { path: LIST, body: { laptop_id: 'tp1', text: 'Still for sale?' } },
    ]);
  });
});

describe('Message seller on a search result', () => {
  it('shows on others’ laptops for a signed-in user, not on one’s own nor to a visitor', async () => {
    const results = {
      items: [
        makeLaptop({ _id: 'tp1', laptop_name: 'Lenovo Legion 5' }),
        makeLaptop({ _id: 'own', laptop_name: 'Asus TUF F15', seller_id: testUsers.buyer.id }),
      ],
      nextCursor: null,
      total: 2,
    };
    const SEARCH = '/api/laptops?q=gaming&limit=24';
    mockApi({ ...signedIn('buyer'), [SEARCH]: results, '/api/wishlist?limit=100': [] });
    renderApp('/search?q=gaming');
    const card = (name: string) => screen.getByRole('heading', { name }).closest('article')!;
    await screen.findByRole('heading', { name: 'Lenovo Legion 5' });
    expect(await within(card('Lenovo Legion 5')).findByRole('button', { name: 'Message seller' })).toBeEnabled();
    expect(within(card('Asus TUF F15')).queryByRole('button', { name: 'Message seller' })).toBeNull();
  });

  it('is not offered to a visitor', async () => {
    const SEARCH = '/api/laptops?q=gaming&limit=24';
    mockApi({
      '/api/auth/get-session': null,
      [SEARCH]: { items: [makeLaptop({ _id: 'tp1', laptop_name: 'Lenovo Legion 5' })], nextCursor: null, total: 1 },
    });
    renderApp('/search?q=gaming');
    await screen.findByRole('heading', { name: 'Lenovo Legion 5' });
    expect(screen.queryByRole('button', { name: 'Message seller' })).toBeNull();
  });
});

describe('the list of conversations', () => {
  it('shows each conversation with the other person, the last message, "You:" and the unread count, and pages on', async () => {
    const mine = conversation({ _id: 'c1' });
    const theirs = conversation({
      _id: 'c2',
      laptop_name: 'Dell Latitude 7490',
      other: { _id: 'u-buyer2', name: 'Sadia Islam' },
      last_message: { text: 'Can you do Tk 35,000?', sent_at: '2026-11-21T10:00:00.000Z', from_me: false },
      unread: 2,
    });
    const older = conversation({ _id: 'c3', laptop_name: 'HP EliteBook 840' });
    mockApi({
      ...signedIn('seller'),
      [LIST]: page([theirs, mine], 'next-1'),
      [`${LIST}?cursor=next-1`]: page([older]),
    });
    const { user } = renderApp('/dashboard/messages');
    const unreadRow = await screen.findByRole('link', { name: 'Dell Latitude 7490, 2 unread' });
    expect(unreadRow).toHaveAttribute('href', '/dashboard/messages/c2');
    expect(unreadRow).toHaveTextContent('with Sadia Islam');
    expect(unreadRow).toHaveTextContent('Can you do Tk 35,000?');
    expect(unreadRow).not.toHaveTextContent('You:');
    const mineRow = screen.getByRole('link', { name: /Lenovo ThinkPad T480/ });
    expect(mineRow).toHaveTextContent('You: Is it still available?');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /HP EliteBook 840/ })).toHaveAttribute(
      'href',
      '/dashboard/messages/c3',
    );
  });

  it('says so when there are none', async () => {
    mockApi({ ...signedIn('buyer') });
    renderApp('/dashboard/messages');
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
  });
});

describe('a thread', () => {
  const thread = detail({ other: { _id: 'u-buyer', name: 'Tanvir Ahmed' }, unread: 1 });

  it('shows the listing, the messages oldest first with the reader’s own on the right, warnings under received ones, and marks it read', async () => {
    const fetchMock = mockApi({
      ...signedIn('seller'),
      [DETAIL]: thread,
      // Newest first, as the API pages them.
      [MESSAGES]: page([
        message({ text: 'send 500 tk advance to my bkash 01712345678', warnings: ['advance_payment', 'phone_number'] }),
        message({ from_me: true, text: 'Yes, it is.\nCome to Mirpur.' }),
        message({ text: '<b>Is it available?</b>' }),
      ]),
      [READ]: reply(204, null),
    });
    renderApp('/dashboard/messages/c1');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Conversation with Tanvir Ahmed' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Tk 38,000')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the listing' })).toHaveAttribute('href', LISTING);
    expect(document.querySelector('section img')).toHaveAttribute('src', '/images/laptops/casual-1.webp');
    // One request for the conversation: neither the list nor the listing is asked for it.
    expect(sentRequests(fetchMock).map((r) => r.path)).not.toContain(LAPTOP);
    expect(sentRequests(fetchMock).filter((r) => r.path.startsWith(`${LIST}?`))).toEqual([]);

    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.chat-bubble')!.textContent)).toEqual([
      '<b>Is it available?</b>',
      'Yes, it is.\nCome to Mirpur.',
      'send 500 tk advance to my bkash 01712345678',
    ]);
    // Plain text: the markup shows as written, nothing is rendered from it.
    expect(document.querySelector('.chat-bubble b')).toBeNull();
    expect(items.map((li) => li.classList.contains('chat-end'))).toEqual([false, true, false]);
    expect(within(items[2]!).getByRole('note')).toHaveTextContent(
      'This message asks for an advance payment. This message has a phone number to talk outside Laptop Haat. Never pay before you have seen the laptop.',
    );
    expect(within(items[0]!).queryByRole('note')).toBeNull();
    await waitFor(() =>
      expect(sentRequests(fetchMock).filter((r) => r.method === 'PUT')).toMatchObject([
        { path: '/api/conversations/c1/read' },
      ]),
    );
  });

  it('sends with Enter, makes a new line with Shift+Enter, and shows the new message at the bottom', async () => {
    const sent = message({ from_me: true, text: 'Tomorrow at 5?\nNear the mosque.' });
    const fetchMock = mockApi({
      ...signedIn('seller'),
      [DETAIL]: thread,
      [MESSAGES]: page([message({ text: 'When can I see it?' })]),
      [`POST ${MESSAGES}`]: reply(201, sent),
      [READ]: reply(204, null),
    });
    const { user } = renderApp('/dashboard/messages/c1');
    const box = await screen.findByRole('textbox', { name: 'Write a message' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box, 'Tomorrow at 5?{Shift>}{Enter}{/Shift}Near the mosque.');
    expect(box).toHaveValue('Tomorrow at 5?\nNear the mosque.');
    await user.type(box, '{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(sentRequests(fetchMock).filter((r) => r.method === 'POST')).toMatchObject([
      { path: MESSAGES, body: { text: 'Tomorrow at 5?\nNear the mosque.' } },
    ]);
    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items.at(-1)).toHaveClass('chat-end');
    expect(items.at(-1)!.querySelector('.chat-bubble')).toHaveTextContent('Tomorrow at 5? Near the mosque.');
  });

  it('says so when the conversation is not there (or not the reader’s)', async () => {
    mockApi({
      ...signedIn('buyer'),
      [DETAIL]: reply(404, { error: { code: 'not_found', message: 'x', reason: 'conversation_not_found' } }),
      [MESSAGES]: reply(404, { error: { code: 'not_found', message: 'x', reason: 'conversation_not_found' } }),
    });
    renderApp('/dashboard/messages/c1');
    expect(await screen.findByText('This conversation was not found.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it.each([
    [403, 'blocked_by_user', 'This person has blocked you: you cannot message them or book their laptops'],
    [429, 'too_many_requests', /too many/i],
  ] as const)('shows a %i by its code and keeps the text', async (status, reason, words) => {
    mockApi({
      ...signedIn('buyer'),
      [DETAIL]: detail(),
      [MESSAGES]: page([message()]),
      [`POST ${MESSAGES}`]: reply(status, {
        error: { code: status === 403 ? 'forbidden' : 'rate_limited', message: 'x', reason },
      }),
      [READ]: reply(204, null),
    });
    const { user } = renderApp('/dashboard/messages/c1');
    const box = await screen.findByRole('textbox', { name: 'Write a message' });
    await user.type(box, 'Hello?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
    expect(box).toHaveValue('Hello?');
  });
});

describe('when a message was sent', () => {
  // Only the clock is faked: the page's timers run as usual.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());
  const messages = page([
    message({ text: 'Today', sent_at: '2026-11-20T10:00:00.000Z' }),
    message({ text: 'Yesterday', sent_at: '2026-11-19T04:05:00.000Z' }),
  ]);
  const sentTimes = () =>
    within(screen.getByRole('list', { name: /Messages|বার্তা/ }))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('time')!.textContent);

  it('shows the time of day in Dhaka, and the date too when it was not today', async () => {
    mockApi({ ...signedIn('buyer'), [DETAIL]: detail(), [MESSAGES]: messages, [READ]: reply(204, null) });
    renderApp('/dashboard/messages/c1');
    await screen.findByText('Today');
    expect(sentTimes()).toEqual(['19/11/2026, 10:05 AM', '4:00 PM']);
  });

  it('in Bangla, with Bangla digits and the part of the day', async () => {
    renderIn('bn');
    mockApi({ ...signedIn('buyer'), [DETAIL]: detail(), [MESSAGES]: messages, [READ]: reply(204, null) });
    renderApp('/dashboard/messages/c1');
    await screen.findByText('Today');
    expect(sentTimes()).toEqual(['১৯ নভেম্বর, ২০২৬, ১০:০৫ সকাল', '৪:০০ বিকাল']);
  });
});

describe('live, from the stream', () => {
  const live = (over: Partial<LiveMessage> & { message: Message }): LiveMessage => ({
    conversation_id: 'c1',
    laptop_id: 'tp1',
    from: { _id: 'u-buyer', name: 'Tanvir Ahmed' },
    ...over,
  });
  /** The stream, once the navbar has opened it. */
  const stream = async () => {
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => openStream());
    return openStream();
  };
  let visibility: DocumentVisibilityState;
  beforeEach(() => {
    stubEventSource();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  const reads = (fetchMock: ReturnType<typeof mockApi>) =>
    sentRequests(fetchMock).filter((r) => r.method === 'PUT' && r.path === '/api/conversations/c1/read');

  it('adds a new message to the open thread and marks it read, once even when it comes twice', async () => {
    const fetchMock = mockApi({
      ...signedIn('seller'),
      [DETAIL]: detail({ other: { _id: 'u-buyer', name: 'Tanvir Ahmed' } }),
      [MESSAGES]: page([message({ from_me: true, text: 'Yes, it is available.' })]),
      [READ]: reply(204, null),
    });
    renderApp('/dashboard/messages/c1');
    await screen.findByText('Yes, it is available.');
    const source = await stream();
    expect(reads(fetchMock)).toHaveLength(0);
    const incoming = message({ text: 'Can I come at 5?' });
    act(() => source.send('message', live({ message: incoming })));
    act(() => source.send('message', live({ message: incoming })));
    await screen.findByText('Can I come at 5?');
    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.chat-bubble')!.textContent)).toEqual([
      'Yes, it is available.',
      'Can I come at 5?',
    ]);
    await waitFor(() => expect(reads(fetchMock)).toHaveLength(1));
  });

  it('marks a message that came while the tab was in the background read only when it is looked at', async () => {
    const fetchMock = mockApi({
      ...signedIn('seller'),
      [DETAIL]: detail(),
      [MESSAGES]: page([message({ from_me: true, text: 'Yes, it is available.' })]),
      [READ]: reply(204, null),
    });
    renderApp('/dashboard/messages/c1');
    await screen.findByText('Yes, it is available.');
    const source = await stream();
    visibility = 'hidden';
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    act(() => source.send('message', live({ message: message({ text: 'Hello?' }) })));
    expect(await screen.findByText('Hello?')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads(fetchMock)).toHaveLength(0);
    visibility = 'visible';
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(reads(fetchMock)).toHaveLength(1));
  });

  it('puts the conversation on top of the list with the new message, and counts it on Messages, not on the bell', async () => {
    const first = conversation({ _id: 'c1', laptop_name: 'Lenovo ThinkPad T480' });
    const second = conversation({ _id: 'c2', laptop_name: 'Dell Latitude 7490' });
    mockApi({ ...signedIn('seller'), [LIST]: page([first, second]) });
    renderApp('/dashboard/messages');
    await screen.findByRole('link', { name: /Dell Latitude 7490/ });
    const source = await stream();
    act(() =>
      source.send('message', live({ conversation_id: 'c2', message: message({ text: 'Is the battery good?' }) })),
    );
    const row = await screen.findByRole('link', { name: 'Dell Latitude 7490, 1 unread' });
    expect(row).toHaveTextContent('Is the battery good?');
    const rows = within(screen.getByRole('region', { name: 'Messages' }))
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith('/dashboard/messages/'));
    expect(rows.map((a) => a.getAttribute('href'))).toEqual(['/dashboard/messages/c2', '/dashboard/messages/c1']);
    expect(screen.getByRole('link', { name: 'Messages, 1 unread' })).toHaveAttribute('href', '/dashboard/messages');
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('asks for the lists again for a conversation they do not hold yet, and when the stream comes back', async () => {
    const fetchMock = mockApi({ ...signedIn('seller'), [LIST]: page([conversation({ _id: 'c1' })]) });
    renderApp('/dashboard/messages');
    await screen.findByRole('link', { name: /Lenovo ThinkPad T480/ });
    const source = await stream();
    const listReads = () => sentRequests(fetchMock).filter((r) => r.path === LIST).length;
    const before = listReads();
    act(() => source.send('message', live({ conversation_id: 'c9', message: message({ text: 'New one' }) })));
    await waitFor(() => expect(listReads()).toBeGreaterThanOrEqual(before + 2));
    const after = listReads();
    act(() => {
      source.dispatchEvent(new Event('error'));
      source.dispatchEvent(new Event('open'));
    });
    await waitFor(() => expect(listReads()).toBeGreaterThanOrEqual(after + 2));
  });
});

describe('blocking and reporting', () => {
  const BLOCK = '/api/blocks/u-buyer';
  const REPORT = 'POST /api/conversations/c1/report';
  const asSeller = (over: Partial<ConversationDetail> = {}) =>
    detail({ other: { _id: 'u-buyer', name: 'Tanvir Ahmed' }, ...over });
  const base = () => ({
    ...signedIn('seller'),
    [MESSAGES]: page([message({ text: 'Send me a bKash advance' })]),
    [READ]: reply(204, null),
  });

  it('blocks the other person after asking, then shows the notice with Unblock instead of the box', async () => {
    const routes: Record<string, unknown> = {
      ...base(),
      [DETAIL]: asSeller(),
      [`PUT ${BLOCK}`]: reply(204, null),
      [`DELETE ${BLOCK}`]: reply(204, null),
    };
    const fetchMock = mockApi(routes);
    const { user } = renderApp('/dashboard/messages/c1');
    await user.click(await screen.findByRole('button', { name: 'Block Tanvir Ahmed' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Tanvir Ahmed?' });
    expect(dialog).toHaveTextContent('They will not be able to write to you or book your laptops');
    routes[DETAIL] = asSeller({ blocked_by_me: true, can_reply: false });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You blocked Tanvir Ahmed.')).toBeInTheDocument();
    const notice = (await screen.findByText('You blocked this person: they cannot write to you or book your laptops.'))
      .parentElement!;
    expect(screen.queryByRole('textbox', { name: 'Write a message' })).not.toBeInTheDocument();
    routes[DETAIL] = asSeller();
    await user.click(within(notice).getByRole('button', { name: 'Unblock Tanvir Ahmed' }));
    expect(await screen.findByRole('textbox', { name: 'Write a message' })).toBeInTheDocument();
    expect(
      sentRequests(fetchMock)
        .filter((r) => r.path === BLOCK)
        .map((r) => r.method),
    ).toEqual(['PUT', 'DELETE']);
  });

  it('says plainly that the reader cannot reply when the other person blocked them', async () => {
    mockApi({ ...base(), [DETAIL]: asSeller({ can_reply: false }) });
    renderApp('/dashboard/messages/c1');
    expect(await screen.findByText("You can't reply in this conversation.")).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Write a message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unblock/ })).not.toBeInTheDocument();
  });

  it('reports the conversation with a reason, details required for “Something else”', async () => {
    const routes: Record<string, unknown> = { ...base(), [DETAIL]: asSeller(), [REPORT]: reply(204, null) };
    const fetchMock = mockApi(routes);
    const { user } = renderApp('/dashboard/messages/c1');
    await user.click(await screen.findByRole('button', { name: 'Report conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this conversation' });
    for (const reason of ['Scam, or asks for money before a meeting', 'Abusive or threatening', 'Spam or advertising'])
      expect(within(dialog).getByRole('radio', { name: reason })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(dialog).toHaveTextContent('Choose a reason.');
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('textbox', { name: 'Details' })).toHaveAccessibleDescription(
      /Tell us what happened\./,
    );
    expect(sentRequests(fetchMock).filter((r) => r.method === 'POST')).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Details' }), '  He sent a payment link  ');
    routes[DETAIL] = asSeller({ reported_at: '2026-11-20T11:00:00.000Z' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText("Thank you. Laptop Haat's team will read this conversation.")).toBeInTheDocument();
    expect(sentRequests(fetchMock).filter((r) => r.method === 'POST')).toMatchObject([
      { path: '/api/conversations/c1/report', body: { reason: 'other', details: 'He sent a payment link' } },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Reported to Laptop Haat')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report conversation' })).not.toBeInTheDocument();
  });

  it('says so when the conversation was already reported', async () => {
    mockApi({
      ...base(),
      [DETAIL]: asSeller(),
      [REPORT]: reply(409, { error: { code: 'conflict', message: 'x', reason: 'already_reported' } }),
    });
    const { user } = renderApp('/dashboard/messages/c1');
    await user.click(await screen.findByRole('button', { name: 'Report conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this conversation' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have already reported this conversation.');
  });

  it('lists the blocked people on Messages, each with Unblock', async () => {
    const routes: Record<string, unknown> = {
      ...signedIn('seller'),
      '/api/blocks': { items: [{ _id: 'u-buyer', name: 'Tanvir Ahmed' }] },
      [`DELETE ${BLOCK}`]: reply(204, null),
    };
    const fetchMock = mockApi(routes);
    const { user } = renderApp('/dashboard/messages');
    const blocked = await screen.findByRole('region', { name: 'Blocked people' });
    expect(blocked).toHaveTextContent('Tanvir Ahmed');
    routes['/api/blocks'] = { items: [] };
    await user.click(within(blocked).getByRole('button', { name: 'Unblock Tanvir Ahmed' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Blocked people' })).not.toBeInTheDocument());
    expect(sentRequests(fetchMock).filter((r) => r.method === 'DELETE')).toMatchObject([{ path: BLOCK }]);
  });
});

describe('the admin and reported conversations', () => {
  const REPORTED = '/api/reports/conversations';
  const reported = (over: Partial<ReportedConversation> = {}): ReportedConversation => ({
    _id: 'c1',
    laptop_id: 'tp1',
    laptop_name: 'Lenovo ThinkPad T480',
    buyer: { _id: 'u-buyer', name: 'Tanvir Ahmed' },
    seller: { _id: 'u-seller', name: 'Rahim Computers' },
    reported_by: { _id: 'u-buyer', name: 'Tanvir Ahmed' },
    reason: 'scam',
    details: 'He asked for a bKash advance',
    reported_at: '2026-11-20T10:00:00.000Z',
    ...over,
  });

  it('lists them on the Reports page with the reason, details, who reported and when, Read and Close report', async () => {
    const other = reported({
      _id: 'c2',
      reason: 'other',
      details: null,
      buyer: { _id: 'u-b2', name: 'Sadia Islam' },
      reported_by: { _id: 'u-seller', name: 'Rahim Computers' },
    });
    const routes: Record<string, unknown> = {
      ...signedIn('admin'),
      '/api/reports?status=open&limit=100': [],
      [REPORTED]: page([reported(), other]),
      [`DELETE ${REPORTED}/c1`]: reply(204, null),
    };
    const fetchMock = mockApi(routes);
    const { user } = renderApp('/dashboard/reports');
    const section = await screen.findByRole('region', { name: 'Reported conversations' });
    const card = await within(section).findByRole('article', {
      name: 'Conversation between Tanvir Ahmed and Rahim Computers',
    });
    expect(card).toHaveTextContent('Scam, or asks for money before a meeting');
    expect(card).toHaveTextContent('He asked for a bKash advance');
    expect(card).toHaveTextContent('Reported by Tanvir Ahmed 20/11/2026, 4:00 PM');
    expect(within(card).getByRole('link', { name: 'Read' })).toHaveAttribute('href', '/dashboard/messages/c1');
    expect(within(card).getByRole('link', { name: 'Lenovo ThinkPad T480' })).toHaveAttribute('href', LISTING);
    routes[REPORTED] = page([other]);
    await user.click(within(card).getByRole('button', { name: 'Close report' }));
    expect(await screen.findByText('Report closed')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(1));
    expect(within(section).getByRole('article')).toHaveTextContent('Something else');
    expect(sentRequests(fetchMock).filter((r) => r.method === 'DELETE')).toMatchObject([{ path: `${REPORTED}/c1` }]);
  });

  it('says so when there are none', async () => {
    mockApi({ ...signedIn('admin'), '/api/reports?status=open&limit=100': [], [REPORTED]: page([]) });
    renderApp('/dashboard/reports');
    expect(await screen.findByText(/No reported conversations/)).toBeInTheDocument();
  });

  it('lets the admin read a reported thread, each message labelled by its writer, with no box and no read mark', async () => {
    const fetchMock = mockApi({
      ...signedIn('admin'),
      [DETAIL]: detail({
        other: { _id: 'u-seller', name: 'Rahim Computers' },
        can_reply: false,
        reported_at: '2026-11-20T11:00:00.000Z',
      }),
      [MESSAGES]: page([
        message({ text: 'Send 500 tk advance on bkash', sender_id: 'u-seller', warnings: ['advance_payment'] }),
        message({ text: 'Is it still available?', sender_id: 'u-buyer' }),
      ]),
    });
    renderApp('/dashboard/messages/c1');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Conversation between Tanvir Ahmed and Rahim Computers' }),
    ).toBeInTheDocument();
    const items = within(await screen.findByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.chat-header')!.textContent)).toEqual([
      'Tanvir Ahmed (buyer)',
      'Rahim Computers (seller)',
    ]);
    expect(items.map((li) => li.classList.contains('chat-end'))).toEqual([false, true]);
    expect(within(items[1]!).getByRole('note')).toHaveTextContent('This message asks for an advance payment.');
    expect(
      screen.getByText('You are reading a reported conversation. Only its two people can write in it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Block|Report conversation/ })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentRequests(fetchMock).filter((r) => r.method === 'PUT')).toEqual([]);
  });
});

describe('in Bangla', () => {
  it('warns in Bangla under an advance request, with the rule, and reads in Bangla around what people wrote', async () => {
    renderIn('bn');
    mockApi({
      ...signedIn('seller'),
      [DETAIL]: detail({ other: { _id: 'u-buyer', name: 'Tanvir Ahmed' } }),
      [MESSAGES]: page([message({ text: 'বিকাশে ৫০০ টাকা অগ্রিম পাঠান', warnings: ['advance_payment'] })]),
      [READ]: reply(204, null),
    });
    renderApp('/dashboard/messages/c1');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('এই বার্তায় অগ্রিম টাকা চাওয়া হয়েছে। ল্যাপটপটি নিজের চোখে দেখার আগে কখনো টাকা দেবেন না।');
    expect(await screen.findByText('৳৩৮,০০০')).toBeInTheDocument();
    const thread = screen.getByRole('heading', { level: 2, name: /কথোপকথন/ }).closest('section')!;
    expect(englishLeft(thread)).toEqual([]);
  });
});

describe('the navbar', () => {
  it('counts the unread messages over the first page on a link to Messages', async () => {
    mockApi({
      ...signedIn('buyer'),
      '/api/blog': [],
      [LIST]: page([conversation({ unread: 2 }), conversation({ unread: 0 }), conversation({ unread: 1 })]),
    });
    renderApp('/blog');
    const link = await screen.findByRole('link', { name: 'Messages, 3 unread' });
    expect(link).toHaveAttribute('href', '/dashboard/messages');
  });
});
