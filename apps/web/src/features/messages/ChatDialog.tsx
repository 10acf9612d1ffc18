import {
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { SendHorizontal, Smile, X } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PresenceChanged } from '@bantay/shared';
import { lazyWithRetry } from '@/components/lazy-page.tsx';
import { Loading } from '@/components/Loading.tsx';
import { PieceBoundary, PieceUnavailable } from '@/components/PieceBoundary.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { useRealtime, useSocketEvent } from '@/lib/realtime.tsx';
import { storedUserId } from '@/lib/storage.ts';
import { useTheme } from '@/lib/theme.tsx';
import { notify } from '@/lib/toast.ts';
import {
  CONTENT_MAX_LENGTH,
  isTemporary,
  otherParticipant,
  savedConversation,
  TYPING_THROTTLE_MS,
  TYPING_VISIBLE_MS,
} from './message-logic.ts';
import { groupByDay, statusText } from './message-dates.ts';
import { MessageBubble } from './MessageBubble.tsx';
import {
  createConversation,
  markConversationRead,
  setConversationRead,
  threadMessages,
  upsertConversation,
  useThread,
} from './messages-api.ts';
import type { Conversation } from './message-types.ts';
import { OutgoingBubble } from './OutgoingBubble.tsx';
import { queueMessage, useOutgoing } from './outbox.ts';
import { PersonAvatar } from './PersonAvatar.tsx';
import { fullName } from '@/lib/full-name.ts';

// docs/product.md §A2 + docs/product.md §8: the picker is heavy, so it is fetched the first time it is opened.
const EmojiPicker = lazyWithRetry(() => import('./EmojiPickerPopover.tsx'));

interface ChatDialogProps {
  conversation: Conversation;
  onClose(): void;
  /** The temporary conversation was saved by the server (docs/product.md §A4). */
  onSaved(conversation: Conversation): void;
}

/** docs/product.md §A2 chat dialog: header, messages by day with ticks, typing indicator, text box and emoji picker. */
export default function ChatDialog({ conversation, onClose, onSaved }: ChatDialogProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { socket, connected } = useRealtime();
  const { theme } = useTheme();
  const timeZone = usePublicSettings().data?.timezone;
  const me = storedUserId();
  const temporary = isTemporary(conversation);
  const conversationId = temporary ? null : conversation._id;

  const baseOther = otherParticipant(conversation, me);
  const [presence, setPresence] = useState<PresenceChanged | null>(null);
  const other = baseOther && presence?.userId === baseOther._id ? { ...baseOther, ...presence } : baseOther;
  const firstName = other?.firstName ?? '';
  const name = fullName(other);

  const thread = useThread(conversationId);
  const messages = threadMessages(thread.data);
  // Written here but not yet stored; once the server's copy is in the thread, that one is shown.
  const outgoing = useOutgoing(conversationId, me);
  const storedClientIds = new Set(messages.map((message) => message.clientId));
  const waiting = outgoing.filter((item) => !storedClientIds.has(item.clientId));
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [typing, setTyping] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const typingTimer = useRef<number | null>(null);
  const lastTypingSent = useRef(0);

  // docs/product.md §A8: 'Error fetching messages.', but no toast while polling (socket down).
  const reported = useRef(false);
  const failed = thread.isError && !thread.data && connected;
  useEffect(() => {
    if (failed && !reported.current) {
      reported.current = true;
      notify.error(t`Error fetching messages.`);
    }
  }, [failed, t]);

  // Join the conversation's room while open (and again after a reconnect); leave on close.
  useEffect(() => {
    if (!socket || !connected || !conversationId) return;
    socket.emit('joinConversation', conversationId);
    return () => {
      if (socket.connected) socket.emit('leaveConversation', conversationId);
    };
  }, [socket, connected, conversationId]);

  // Opening marks the conversation read (docs/product.md §A4); so does a message arriving while it is open.
  const markRead = useRef<() => void>(() => {});
  useEffect(() => {
    markRead.current = () => {
      if (!conversationId) return;
      setConversationRead(queryClient, conversationId);
      markConversationRead(conversationId).catch((error: unknown) =>
        console.error('Could not mark the conversation read', error),
      );
    };
  }, [conversationId, queryClient]);
  useEffect(() => {
    if (conversationId) markRead.current();
  }, [conversationId]);

  useSocketEvent('messageReceived', (message) => {
    if (message.conversationId !== conversationId || message.userId === me) return;
    if (typingTimer.current !== null) window.clearTimeout(typingTimer.current);
    setTyping(false);
    markRead.current();
  });
  useSocketEvent('userTyping', (event) => {
    if (event.conversationId !== conversationId || event.userId === me) return;
    setTyping(true);
    if (typingTimer.current !== null) window.clearTimeout(typingTimer.current);
    typingTimer.current = window.setTimeout(() => setTyping(false), TYPING_VISIBLE_MS);
  });
  useSocketEvent('presence:changed', (changes) => {
    const change = changes.findLast((c) => c.userId === baseOther?._id);
    if (change) setPresence(change);
  });
  useEffect(
    () => () => {
      if (typingTimer.current !== null) window.clearTimeout(typingTimer.current);
    },
    [],
  );

  // Escape closes the picker first, then the dialog.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      if (pickerOpen) setPickerOpen(false);
      else onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose, pickerOpen]);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  // ---- Scrolling: stick to the newest message; keep the place when older ones load above ----
  const stickToBottom = useRef(true);
  const distanceFromBottom = useRef(0);
  const firstId = messages[0]?._id ?? null;
  const lastId = messages[messages.length - 1]?._id ?? null;
  const seen = useRef<{ first: string | null; last: string | null }>({ first: null, last: null });
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const before = seen.current;
    if (before.first && firstId !== before.first && lastId === before.last) {
      list.scrollTop = list.scrollHeight - distanceFromBottom.current;
    } else if (stickToBottom.current || (lastId !== before.last && messages[messages.length - 1]?.userId === me)) {
      list.scrollTop = list.scrollHeight;
    }
    seen.current = { first: firstId, last: lastId };
  }, [firstId, lastId, typing, messages, me, waiting.length]);

  function onScroll() {
    const list = listRef.current;
    if (!list) return;
    stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
    distanceFromBottom.current = list.scrollHeight - list.scrollTop;
    if (list.scrollTop < 48 && thread.hasNextPage && !thread.isFetchingNextPage) void thread.fetchNextPage();
  }

  // ---- Writing ----
  function onChange(value: string) {
    setText(value);
    const now = Date.now();
    if (conversationId && socket?.connected && value.trim() && now - lastTypingSent.current > TYPING_THROTTLE_MS) {
      lastTypingSent.current = now;
      socket.emit('typing', { conversationId });
    }
  }

  async function send() {
    const content = text.trim();
    if (!content || sending || !other || !me) return;
    setSending(true);
    setText('');
    stickToBottom.current = true;
    const restore = () => setText((current) => (current.trim() ? `${content}\n${current}` : content));
    let target = conversation;
    try {
      if (isTemporary(target)) {
        // docs/product.md §A4: the client saves the conversation first, then sends the first message.
        try {
          target = savedConversation(conversation, await createConversation(other._id));
        } catch {
          notify.error(t`Error starting conversation.`);
          restore();
          return;
        }
        upsertConversation(queryClient, target);
        onSaved(target);
      }
      // Shown at once as "Sending…"; the outbox sends it now, or when the connection returns.
      queueMessage({ conversationId: target._id, senderId: me, content });
    } finally {
      setSending(false);
      inputRef.current?.focus();
    }
  }

  function onKeyDown(event: ReactKeyboardEvent<HTMLTextAreaElement>) {
    // docs/product.md §A5: Enter sends, Shift+Enter is a new line (and an IME composition is left alone).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  // Grow the box with its text, up to about five lines.
  useLayoutEffect(() => {
    const box = inputRef.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${Math.min(box.scrollHeight, 120)}px`;
  }, [text]);

  const groups = groupByDay(messages, new Date(), timeZone);
  const loading = conversationId !== null && !thread.data;
  const empty = waiting.length === 0 && (temporary || (thread.data && messages.length === 0));

  return createPortal(
    <section
      role="dialog"
      aria-label={t`Chat with ${name}`}
      className="popover fixed inset-0 z-50 flex flex-col overflow-hidden rounded-none md:inset-auto md:bottom-4 md:right-4 md:h-[min(580px,calc(100dvh-6rem))] md:w-[380px] md:rounded-xl"
    >
      <header className="flex items-center gap-3 border-b border-line py-2 pl-3 pr-1">
        <PersonAvatar person={other} size={40} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-bold leading-tight">{name}</h2>
          <p
            className={`truncate text-xs ${other?.isOnline ? 'text-success' : 'text-muted'}`}
            data-testid="chat-status"
          >
            {other ? statusText(other, new Date(), timeZone) : ''}
          </p>
        </div>
        <button type="button" className="icon-btn" title={t`Close`} aria-label={t`Close chat`} onClick={onClose}>
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </header>

      <div
        ref={listRef}
        className="min-h-0 flex-1 overflow-y-auto bg-canvas px-3 py-2"
        onScroll={onScroll}
        // A log (announced as messages arrive) that a keyboard can reach and scroll (WCAG 2.1.1).
        role="log"
        aria-label={t`Messages with ${name}`}
        tabIndex={0}
      >
        {thread.isFetchingNextPage && (
          <div className="flex justify-center py-2">
            <Loading label={t`Loading older messages`} />
          </div>
        )}
        {loading ? (
          <p className="p-6 text-center text-sm text-muted" role="status">
            {thread.isError ? t`Error fetching messages.` : t`Loading messages...`}
          </p>
        ) : empty ? (
          <div className="flex h-full flex-col items-center justify-center p-6 text-center">
            <p className="font-semibold">
              <Trans>No messages yet</Trans>
            </p>
            <p className="mt-1 text-sm text-muted">
              <Trans>Send a message to start the conversation with {firstName}</Trans>
            </p>
          </div>
        ) : (
          groups.map((group) => (
            <div key={group.key} role="group" aria-label={group.label}>
              <div className="sticky top-0 z-10 flex justify-center py-2">
                <span className="rounded-full bg-surface-2 px-3 py-0.5 text-xs font-semibold text-muted shadow-sm">
                  {group.label}
                </span>
              </div>
              <ul className="flex flex-col gap-1.5">
                {group.messages.map((message) => (
                  <MessageBubble key={message._id} message={message} me={me} timeZone={timeZone} />
                ))}
              </ul>
            </div>
          ))
        )}
        {waiting.length > 0 && (
          <ul className="mt-1.5 flex flex-col gap-1.5" aria-label={t`Waiting to be sent`}>
            {waiting.map((item) => (
              <OutgoingBubble key={item.clientId} item={item} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </div>

      <div className="h-6 bg-canvas px-4 text-xs italic text-muted" aria-live="polite">
        {typing && (
          <span data-testid="typing-indicator">
            <Trans>{firstName} is typing...</Trans>
          </span>
        )}
      </div>

      <form
        className="relative flex items-end gap-1 border-t border-line bg-surface p-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {pickerOpen && (
          <div className="absolute bottom-full left-2 z-20 mb-2 max-w-[calc(100vw-1rem)] rounded-lg shadow-2xl">
            <PieceBoundary fallback={(retry) => <PieceUnavailable retry={retry} className="w-[280px]" />}>
              <Suspense
                fallback={
                  <div className="popover flex h-[400px] w-[320px] items-center justify-center">
                    <Loading label={t`Loading emoji`} />
                  </div>
                }
              >
                <EmojiPicker
                  theme={theme}
                  onPick={(emoji) => {
                    setText((current) => current + emoji);
                    setPickerOpen(false);
                    inputRef.current?.focus();
                  }}
                />
              </Suspense>
            </PieceBoundary>
          </div>
        )}
        <button
          type="button"
          className={`icon-btn ${pickerOpen ? 'text-brand-600' : ''}`}
          title={t`Emoji`}
          aria-label={t`Emoji`}
          aria-expanded={pickerOpen}
          onClick={() => setPickerOpen((value) => !value)}
        >
          <Smile className="h-5 w-5" aria-hidden="true" />
        </button>
        <label className="min-w-0 flex-1">
          <span className="sr-only">
            <Trans>Message</Trans>
          </span>
          <textarea
            ref={inputRef}
            rows={1}
            className="input max-h-[120px] min-h-11 resize-none py-2.5 text-sm leading-5"
            placeholder={t`Type a message...`}
            maxLength={CONTENT_MAX_LENGTH}
            value={text}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </label>
        <button
          type="submit"
          className="icon-btn bg-brand-fill text-white hover:opacity-90 hover:text-white disabled:bg-surface-2 disabled:text-muted"
          aria-label={t`Send`}
          title={t`Send`}
          disabled={!text.trim() || sending}
        >
          <SendHorizontal className="h-5 w-5" aria-hidden="true" />
        </button>
      </form>
    </section>,
    document.body,
  );
}
