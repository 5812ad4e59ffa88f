import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
// Types only: the shared zod schemas would pull zod into the page's chunk for nothing.
import type { Conversation, ConversationPage, Message, MessagePage } from '../../../../shared/conversations.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';

// The conversations API (docs/product.md#conversations): the caller's list, one thread's messages,
// writing and marking read. Every answer depends on who asks, so nothing here is shared between
// users: the keys are cleared with the session like every other private query.

export const conversationsKey = ['conversations'] as const;
const listKey = [...conversationsKey, 'list'] as const;
const unreadKey = [...conversationsKey, 'unread'] as const;
const messagesKey = (id: string) => [...conversationsKey, 'messages', id] as const;

const withCursor = (path: string, cursor: string | null) =>
  cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : path;

/** GET /api/conversations, page by page: newest activity first. */
export const conversationsQuery = () =>
  infiniteQueryOptions({
    queryKey: listKey,
    queryFn: ({ pageParam, signal }) => apiGet<ConversationPage>(withCursor('/conversations', pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useConversations() {
  return useInfiniteQuery(conversationsQuery());
}

/** How often the navbar's count asks again while the page stays open (until the live event comes). */
export const UNREAD_REFRESH_MS = 60_000;

/** The navbar's count: the unread messages over the first page of conversations. */
export const unreadMessagesQuery = () =>
  queryOptions({
    queryKey: unreadKey,
    queryFn: ({ signal }) => apiGet<ConversationPage>('/conversations', { signal }),
    select: (page) => page.items.reduce((sum, c) => sum + c.unread, 0),
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });

export function useUnreadMessages() {
  return useQuery(unreadMessagesQuery());
}

/**
 * The conversation `id` from the list, asking for further pages until it is found (the API has no
 * route for one conversation; a person's list is short, docs/decisions/0036).
 */
export function useConversation(id: string) {
  const list = useConversations();
  const found = list.data?.pages.flatMap((p) => p.items).find((c) => c._id === id);
  const searching = !found && list.hasNextPage;
  const { fetchNextPage, isFetchingNextPage, isError } = list;
  useEffect(() => {
    if (searching && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [searching, isFetchingNextPage, isError, fetchNextPage]);
  return {
    conversation: found,
    isPending: list.isPending || (searching && !list.isError),
    isError: list.isError,
  };
}

/** GET /api/conversations/{id}/messages, page by page: newest first. */
export const messagesQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: messagesKey(id),
    queryFn: ({ pageParam, signal }) =>
      apiGet<MessagePage>(withCursor(`/conversations/${encodeURIComponent(id)}/messages`, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useMessages(id: string) {
  return useInfiniteQuery(messagesQuery(id));
}

/** What the two lists show of a conversation changed: ask again. */
function refreshLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: listKey });
  void queryClient.invalidateQueries({ queryKey: unreadKey });
}

/** POST /api/conversations/{id}/messages: the new message goes on top of the cached thread. */
export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiSend<Message>('POST', `/conversations/${encodeURIComponent(id)}/messages`, { text }),
    onSuccess: (message) => {
      queryClient.setQueryData(messagesQuery(id).queryKey, (data) => {
        if (!data || data.pages.length === 0) return data;
        const [first, ...rest] = data.pages;
        return { ...data, pages: [{ ...first!, items: [message, ...first!.items] }, ...rest] };
      });
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

/** PUT /api/conversations/{id}/read: the thread is on screen. */
export function useMarkConversationRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<null>('PUT', `/conversations/${encodeURIComponent(id)}/read`),
    onSuccess: () => refreshLists(queryClient),
  });
}
