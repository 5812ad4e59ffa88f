import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
// Types only: the shared zod schemas would pull zod into the page's chunk for nothing.
import type {
  Conversation,
  ConversationDetail,
  ConversationPage,
  ConversationReportReason,
  LiveMessage,
  Message,
  MessagePage,
  ReportedConversationPage,
} from '../../../../shared/conversations.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { sessionKey } from '../../../lib/session.ts';

// The conversations API (docs/product.md#conversations): the caller's list, one thread's messages,
// writing and marking read. Every answer depends on who asks, so nothing here is shared between
// users: the keys are cleared with the session like every other private query.

export const conversationsKey = ['conversations'] as const;
/** Where every laptop list is cached (features/catalog, features/search): the lists a block changes. */
const laptopListsKey = ['laptops'] as const;
const listKey = [...conversationsKey, 'list'] as const;
const unreadKey = [...conversationsKey, 'unread'] as const;
const messagesKey = (id: string) => [...conversationsKey, 'messages', id] as const;
const detailKey = (id: string) => [...conversationsKey, 'detail', id] as const;
const blocksKey = [...conversationsKey, 'blocks'] as const;
const reportedKey = [...conversationsKey, 'reported'] as const;

const withCursor = (path: string, cursor: string | null) =>
  cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : path;

/** A list of this API that pages by `?cursor=` and says the next one in `nextCursor`. */
const cursorPages = <Page extends { nextCursor: string | null }, Key extends readonly unknown[]>(
  queryKey: Key,
  path: string,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => apiGet<Page>(withCursor(path, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: Page) => page.nextCursor,
  });

/** GET /api/conversations, page by page: newest activity first. */
export const conversationsQuery = () => cursorPages<ConversationPage, typeof listKey>(listKey, '/conversations');

export function useConversations() {
  return useInfiniteQuery(conversationsQuery());
}

/**
 * The navbar's count: the unread messages over the first page of conversations. The stream's
 * `message` events keep it current (`useLiveMessages`); it is asked again on focus and when the
 * stream comes back after a drop, for what the stream could not bring meanwhile.
 */
export const unreadMessagesQuery = () =>
  queryOptions({
    queryKey: unreadKey,
    queryFn: ({ signal }) => apiGet<ConversationPage>('/conversations', { signal }),
    select: (page) => page.items.reduce((sum, c) => sum + c.unread, 0),
    refetchOnWindowFocus: 'always',
  });

export function useUnreadMessages() {
  return useQuery(unreadMessagesQuery());
}

/** GET /api/conversations/{id}: one conversation for its thread page, the listing's price and the blocks included. */
export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => apiGet<ConversationDetail>(`/conversations/${encodeURIComponent(id)}`, { signal }),
  });

export function useConversation(id: string) {
  return useQuery(conversationQuery(id));
}

/** GET /api/conversations/{id}/messages, page by page: newest first. */
export const messagesQuery = (id: string) =>
  cursorPages<MessagePage, ReturnType<typeof messagesKey>>(
    messagesKey(id),
    `/conversations/${encodeURIComponent(id)}/messages`,
  );

export function useMessages(id: string) {
  return useInfiniteQuery(messagesQuery(id));
}

/** What the two lists show of a conversation changed: ask again. */
function refreshLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: listKey });
  void queryClient.invalidateQueries({ queryKey: unreadKey });
}

type Thread = InfiniteData<MessagePage, unknown>;

/** The cached thread with `message` as its newest, once: the stream and the POST's answer may both bring it. */
function withMessage(data: Thread | undefined, message: Message): Thread | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.items.some((m) => m._id === message._id))) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, items: [message, ...first!.items] }, ...rest] };
}

/** POST /api/conversations/{id}/messages: the new message goes on top of the cached thread. */
export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiSend<Message>('POST', `/conversations/${encodeURIComponent(id)}/messages`, { text }),
    onSuccess: (message) => {
      queryClient.setQueryData(messagesQuery(id).queryKey, (data) => withMessage(data, message));
      refreshLists(queryClient);
    },
  });
}

/** POST /api/conversations: the buyer's first message about a listing (or the next, in the same conversation). */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { laptop_id: string; text: string }) => apiSend<Conversation>('POST', '/conversations', input),
    onSuccess: () => refreshLists(queryClient),
  });
}

/** PUT /api/conversations/{id}/read: the thread is on screen; its count goes to 0 at once. */
export function useMarkConversationRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<null>('PUT', `/conversations/${encodeURIComponent(id)}/read`),
    onMutate: () =>
      updateRows(queryClient, (rows) => rows.map((c) => (c._id === id && c.unread > 0 ? { ...c, unread: 0 } : c))),
    onSettled: () => refreshLists(queryClient),
  });
}

/** Changes the conversation rows of both cached lists (the dashboard's pages and the navbar's first page). */
function updateRows(queryClient: QueryClient, change: (rows: Conversation[]) => Conversation[]) {
  queryClient.setQueryData<InfiniteData<ConversationPage, unknown>>(listKey, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) } : data,
  );
  queryClient.setQueryData<ConversationPage>(unreadKey, (page) =>
    page ? { ...page, items: change(page.items) } : page,
  );
}

/**
 * A message from the stream (docs/product.md#conversations, "Live"): it joins its cached thread,
 * and its conversation goes to the top of the lists with it as the last message, one more unread
 * when it came from the other person (the open thread marks it read at once when it is looked at).
 * A conversation the lists do not hold yet (a new one) makes them ask again.
 */
export function applyLiveMessage(queryClient: QueryClient, live: LiveMessage) {
  const { conversation_id: id, message } = live;
  queryClient.setQueryData<Thread>(messagesKey(id), (data) => withMessage(data, message));
  const last = { text: message.text, sent_at: message.sent_at, from_me: message.from_me };
  const isNew = (c: Conversation) => !(c.last_message?.sent_at === last.sent_at && c.last_message.text === last.text);
  const bump = (c: Conversation): Conversation =>
    isNew(c) ? { ...c, last_message: last, unread: c.unread + (message.from_me ? 0 : 1) } : c;
  let missing = false;
  queryClient.setQueryData<InfiniteData<ConversationPage, unknown>>(listKey, (data) => {
    if (!data) return data;
    const row = data.pages.flatMap((page) => page.items).find((c) => c._id === id);
    if (!row) {
      missing = true;
      return data;
    }
    const pages = data.pages.map((page) => ({ ...page, items: page.items.filter((c) => c._id !== id) }));
    pages[0] = { ...pages[0]!, items: [bump(row), ...pages[0]!.items] };
    return { ...data, pages };
  });
  queryClient.setQueryData<ConversationPage>(unreadKey, (page) => {
    if (!page) return page;
    const row = page.items.find((c) => c._id === id);
    if (!row) {
      missing = true;
      return page;
    }
    return { ...page, items: [bump(row), ...page.items.filter((c) => c._id !== id)] };
  });
  if (missing) refreshLists(queryClient);
}

/** The stream's listeners for conversations (the navbar composes them with the bell's stream). */
export function useLiveMessages() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      onMessage: (live: LiveMessage) => applyLiveMessage(queryClient, live),
      // Back after a drop: what was said meanwhile is not sent late (docs/decisions/0036).
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: conversationsKey }),
    }),
    [queryClient],
  );
}

/** A person the caller blocked (GET /api/blocks). */
export interface BlockedPerson {
  _id: string;
  name: string;
}

/** GET /api/blocks: the people the caller blocked. */
export const blocksQuery = () =>
  queryOptions({
    queryKey: blocksKey,
    queryFn: ({ signal }) => apiGet<{ items: BlockedPerson[] }>('/blocks', { signal }),
    select: (data) => data.items,
  });

export function useBlockedPeople() {
  return useQuery(blocksQuery());
}

/**
 * PUT /api/blocks/{userId} (`block`) or DELETE (unblock). A block changes who may write in the
 * caller's conversations and which listings the caller's lists and search show: features may not
 * import one another's query keys, so everything cached but the session is marked stale (what is
 * on screen refetches now, the rest when shown).
 */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean }) =>
      apiSend<null>(blocked ? 'PUT' : 'DELETE', `/blocks/${encodeURIComponent(userId)}`),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] }),
  });
}

/**
 * Pages arrive rendered for everyone (docs/rendering.md), so a page loaded afresh shows the lists as
 * a visitor sees them, the listings of sellers the caller blocked included. Once the signed-in
 * icons are in, the caller's blocks are asked once; if there are any, the laptop lists (every one
 * lives under 'laptops') are marked stale, and what is on screen is asked again of the API, which
 * leaves those listings out (docs/decisions/0036). Nothing else depends on the blocks.
 */
export function useListsWithoutBlocked() {
  const queryClient = useQueryClient();
  const blocked = useQuery(blocksQuery());
  const any = (blocked.data?.length ?? 0) > 0;
  useEffect(() => {
    if (any) void queryClient.invalidateQueries({ queryKey: laptopListsKey });
  }, [any, queryClient]);
}

/** POST /api/conversations/{id}/report: to the admin's Reports page (409 `already_reported` a second time). */
export function useReportConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { reason: ConversationReportReason; details?: string | undefined }) =>
      apiSend<null>('POST', `/conversations/${encodeURIComponent(id)}/report`, {
        reason: input.reason,
        ...(input.details ? { details: input.details } : {}),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: detailKey(id) }),
  });
}

/** GET /api/reports/conversations (admin): the reported conversations, the oldest report first. */
export const reportedConversationsQuery = () =>
  cursorPages<ReportedConversationPage, typeof reportedKey>(reportedKey, '/reports/conversations');

export function useReportedConversations() {
  return useInfiniteQuery(reportedConversationsQuery());
}

/**
 * DELETE /api/reports/conversations/{id} (admin): the report is closed, and the conversation is
 * the two people's alone again. It leaves the list at once; a refusal (404: another admin closed
 * it) refetches the list to show what is left.
 */
export function useCloseConversationReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend<null>('DELETE', `/reports/conversations/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) =>
      queryClient.setQueryData(reportedConversationsQuery().queryKey, (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((c) => c._id !== id) })) }
          : data,
      ),
    onSettled: (_result, _error, id) => {
      void queryClient.invalidateQueries({ queryKey: reportedKey });
      queryClient.removeQueries({ queryKey: detailKey(id) });
    },
  });
}
