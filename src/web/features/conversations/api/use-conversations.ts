import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
// Types only: the shared zod schemas would pull zod into the page's chunk for nothing.
import type {
  Conversation,
  ConversationDetail,
  ConversationPage,
  Message,
  MessagePage,
} from '../../../../shared/conversations.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';

// The conversations API (docs/product.md#conversations): the caller's list, one thread's messages,
// writing and marking read. Every answer depends on who asks, so nothing here is shared between
// users: the keys are cleared with the session like every other private query.

export const conversationsKey = ['conversations'] as const;
const listKey = [...conversationsKey, 'list'] as const;
const unreadKey = [...conversationsKey, 'unread'] as const;
const messagesKey = (id: string) => [...conversationsKey, 'messages', id] as const;
const detailKey = (id: string) => [...conversationsKey, 'detail', id] as const;

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
