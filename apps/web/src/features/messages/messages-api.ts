import { useEffect } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type {
  ConversationListResponse,
  CreateConversationResponse,
  MarkConversationReadResponse,
  MessageListResponse,
  PresenceChanged,
  SendMessageResponse,
  UnreadMessagesResponse,
  UserSummary,
} from '@bantay/shared';
import { api } from '@/lib/api-client.ts';
import { useRealtime, useSocketEvent } from '@/lib/realtime.tsx';
import { storedUserId } from '@/lib/storage.ts';
import { applyReadReceipt, isUnread, mergeMessages, POLL_MS, sortConversations } from './message-logic.ts';
import type { ChatMessage, Conversation } from './message-types.ts';

const UNREAD_KEY = ['messages', 'unread'] as const;
export const CONVERSATIONS_KEY = ['messages', 'conversations'] as const;
const USERS_KEY = ['messages', 'users'] as const;
const threadKey = (conversationId: string) => ['messages', 'thread', conversationId] as const;

type Thread = InfiniteData<MessageListResponse, string | null>;

const enc = encodeURIComponent;

// ---- Calls (docs/product.md §A7, under /api per docs/product.md §1) ----

const fetchUnread = () => api<UnreadMessagesResponse>('/api/messages/unread');
export const fetchConversations = () => api<ConversationListResponse>('/api/messages/conversations').then((r) => r.conversations);
const fetchMessages = (conversationId: string, before: string | null) =>
  api<MessageListResponse>(`/api/messages/conversations/${enc(conversationId)}/messages${before ? `?before=${enc(before)}` : ''}`);
export const markConversationRead = (conversationId: string) =>
  api<MarkConversationReadResponse>(`/api/messages/conversations/${enc(conversationId)}/read`, { method: 'POST' });
export const createConversation = (participantId: string) =>
  api<CreateConversationResponse>('/api/messages/conversations', { method: 'POST', body: { participantId } }).then((r) => r.conversation);
/** `clientId` makes a repeat of the same send harmless: the server stores the message once. */
export const sendMessage = (conversationId: string, content: string, clientId?: string) =>
  api<SendMessageResponse>('/api/messages', { method: 'POST', body: { conversationId, content, clientId } }).then((r) => r.message);
export const deleteConversation = (conversationId: string) =>
  api<{ ok: true }>(`/api/messages/conversations/${enc(conversationId)}`, { method: 'DELETE' });
const fetchUsers = () => api<{ users: UserSummary[] }>('/api/auth/users').then((r) => r.users);

// ---- Queries: pushed by the socket; they poll every 500 ms only while it is down ----

/** The top bar's red dot. */
export function useHasUnread(initial = false) {
  const { connected } = useRealtime();
  const query = useQuery({
    queryKey: UNREAD_KEY,
    queryFn: fetchUnread,
    refetchInterval: connected ? false : POLL_MS,
    staleTime: Infinity,
  });
  return query.data?.hasUnread ?? initial;
}

export function useConversations() {
  const { connected } = useRealtime();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: CONVERSATIONS_KEY,
    queryFn: fetchConversations,
    refetchInterval: connected ? false : POLL_MS,
    // The socket keeps the list current; a reopened panel shows it at once without a request.
    staleTime: Infinity,
  });
  // A freshly fetched list is the truth for the red dot too (it may have been read elsewhere).
  useEffect(() => {
    if (query.data) refreshUnreadDot(queryClient);
  }, [query.data, queryClient]);
  return query;
}

export function useThread(conversationId: string | null) {
  const { connected } = useRealtime();
  return useInfiniteQuery({
    queryKey: threadKey(conversationId ?? 'none'),
    queryFn: ({ pageParam }) => fetchMessages(conversationId!, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: conversationId !== null,
    refetchInterval: connected || conversationId === null ? false : POLL_MS,
    staleTime: Infinity,
  });
}

/** The thread's messages, all loaded pages together, oldest first. */
export function threadMessages(data: InfiniteData<MessageListResponse, unknown> | undefined): ChatMessage[] {
  if (!data) return [];
  return mergeMessages([], data.pages.flatMap((page) => page.messages));
}

export function useUsers(enabled: boolean) {
  return useQuery({ queryKey: USERS_KEY, queryFn: fetchUsers, enabled });
}

// ---- Cache edits shared by the live events and the dialog ----

/** Adds a message to a loaded thread (the newest page), once. */
export function addToThread(queryClient: QueryClient, message: ChatMessage) {
  queryClient.setQueryData<Thread>(threadKey(message.conversationId), (thread) => {
    if (!thread || thread.pages.some((page) => page.messages.some((m) => m._id === message._id))) return thread;
    const [newest, ...older] = thread.pages;
    if (!newest) return thread;
    return { ...thread, pages: [{ ...newest, messages: mergeMessages(newest.messages, [message]) }, ...older] };
  });
}

function editConversations(queryClient: QueryClient, edit: (list: Conversation[]) => Conversation[]) {
  queryClient.setQueryData<Conversation[]>(CONVERSATIONS_KEY, (list) => (list ? edit(list) : list));
}

/** Recomputes the red dot from the list when it is loaded; otherwise asks the server once. */
function refreshUnreadDot(queryClient: QueryClient) {
  const list = queryClient.getQueryData<Conversation[]>(CONVERSATIONS_KEY);
  const me = storedUserId();
  if (list) queryClient.setQueryData<UnreadMessagesResponse>(UNREAD_KEY, { hasUnread: list.some((c) => isUnread(c, me)) });
  else void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
}

export function setConversationRead(queryClient: QueryClient, conversationId: string) {
  editConversations(queryClient, (list) => list.map((c) => (c._id === conversationId && !c.read ? { ...c, read: true } : c)));
  refreshUnreadDot(queryClient);
}

export function removeConversation(queryClient: QueryClient, conversationId: string) {
  editConversations(queryClient, (list) => list.filter((c) => c._id !== conversationId));
  queryClient.removeQueries({ queryKey: threadKey(conversationId) });
  refreshUnreadDot(queryClient);
}

export function upsertConversation(queryClient: QueryClient, conversation: Conversation) {
  editConversations(queryClient, (list) => sortConversations([conversation, ...list.filter((c) => c._id !== conversation._id)]));
}

/**
 * Keeps the messaging caches live from the socket, for as long as the top bar is shown: the list,
 * the open thread, the red dot, read receipts and presence. `openConversationId` is the chat shown
 * now; its new messages are not unread (the dialog marks them read).
 */
export function useMessagesLive(openConversationId: string | null) {
  const queryClient = useQueryClient();

  useSocketEvent('messageReceived', (message) => {
    const me = storedUserId();
    const mine = message.userId === me;
    const isOpen = message.conversationId === openConversationId;
    addToThread(queryClient, message);
    const list = queryClient.getQueryData<Conversation[]>(CONVERSATIONS_KEY);
    const known = list?.find((c) => c._id === message.conversationId);
    if (known) {
      upsertConversation(queryClient, {
        ...known,
        lastMessage: message.content,
        lastMessageSender: { _id: message.userId },
        read: mine || isOpen,
        updatedAt: message.createdAt,
      });
    } else if (list) {
      // A new conversation, or one this user had deleted and that a message brought back.
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    }
    if (!mine && !isOpen) queryClient.setQueryData<UnreadMessagesResponse>(UNREAD_KEY, { hasUnread: true });
  });

  useSocketEvent('conversation:read', ({ conversationId, userId, at }) => {
    const me = storedUserId();
    if (userId === me) {
      // Read in another tab of mine.
      setConversationRead(queryClient, conversationId);
      return;
    }
    queryClient.setQueryData<Thread>(threadKey(conversationId), (thread) =>
      thread ? { ...thread, pages: thread.pages.map((page) => ({ ...page, messages: applyReadReceipt(page.messages, me, userId, at) })) } : thread,
    );
  });

  useSocketEvent('presence:changed', (changes: PresenceChanged[]) => {
    const byUser = new Map(changes.map((change) => [change.userId, change]));
    const patch = <T extends { _id: string; isOnline: boolean; lastActive: string | null }>(person: T): T => {
      const presence = byUser.get(person._id);
      return presence ? { ...person, isOnline: presence.isOnline, lastActive: presence.lastActive } : person;
    };
    editConversations(queryClient, (list) =>
      list.some((c) => c.participants.some((p) => byUser.has(p._id)))
        ? list.map((c) => ({ ...c, participants: c.participants.map(patch) }))
        : list,
    );
    queryClient.setQueryData<UserSummary[]>(USERS_KEY, (users) => users?.map(patch));
  });
}
