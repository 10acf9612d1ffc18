import { useEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Plus, Search, Trash2, X } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { useRealtime } from '@/lib/realtime.tsx';
import { storage, storedUserId } from '@/lib/storage.ts';
import { notify } from '@/lib/toast.ts';
import {
  conversationFor,
  isUnread,
  lastMessagePreview,
  matchesConversation,
  matchesUser,
  otherParticipant,
} from './message-logic.ts';
import { rowTime, userTypeLabel } from './message-dates.ts';
import { deleteConversation, removeConversation, useConversations, useUsers } from './messages-api.ts';
import type { ChatParticipant, Conversation } from './message-types.ts';
import { PersonAvatar } from './PersonAvatar.tsx';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query.ts';
import { useDismiss } from '@/lib/use-dismiss.ts';
import { fullName } from '@/lib/full-name.ts';

interface MessagesPanelProps {
  anchor: RefObject<HTMLElement | null>;
  onClose(): void;
  onOpenConversation(conversation: Conversation): void;
}

/** docs/product.md §A2 messages panel: the conversation list, its search, and the new-message view. */
export default function MessagesPanel({ anchor, onClose, onOpenConversation }: MessagesPanelProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { connected } = useRealtime();
  const timeZone = usePublicSettings().data?.timezone;
  const me = storedUserId();
  const hasToken = Boolean(storage.get('token'));
  const isPhone = useMediaQuery(PHONE_QUERY);
  const panelRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<'list' | 'new'>('list');
  const [search, setSearch] = useState('');
  const [userSearch, setUserSearch] = useState('');
  const [pendingDelete, setPendingDelete] = useState<Conversation | null>(null);

  const conversations = useConversations();
  const users = useUsers(view === 'new');

  // docs/product.md §A8: errors are toasted, except while polling (the socket is down), which stays silent.
  useReportOnce(conversations.isError && !conversations.data && connected, t`Error fetching conversations.`);
  useReportOnce(users.isError && !users.data, t`Error fetching users.`);

  useDismiss(panelRef, anchor, onClose);

  const list = conversations.data ?? [];
  const unread = list.filter((c) => isUnread(c, me)).length;
  const visible = list.filter((c) => matchesConversation(c, me, search));

  async function confirmDelete() {
    const target = pendingDelete;
    setPendingDelete(null);
    if (!target) return;
    try {
      await deleteConversation(target._id);
      removeConversation(queryClient, target._id);
      notify.success(t`Conversation deleted successfully`);
    } catch {
      notify.error(t`Error deleting conversation`);
    }
  }

  function pick(user: ChatParticipant) {
    onOpenConversation(conversationFor(conversations.data, user, me));
  }

  const listBody = !hasToken ? (
    <Empty title={t`Please log in to view messages.`} />
  ) : !conversations.data ? (
    <p className="p-6 text-center text-sm text-muted" role="status">
      {conversations.isError ? t`Error fetching conversations.` : t`Loading messages...`}
    </p>
  ) : list.length === 0 ? (
    <Empty title={t`No conversations yet`} hint={t`Start a new chat by clicking the plus button above`} />
  ) : visible.length === 0 ? (
    <Empty title={t`No conversations match your search`} />
  ) : (
    <ul className="divide-y divide-line" aria-label={t`Conversations`}>
      {visible.map((conversation) => {
        const other = otherParticipant(conversation, me);
        const unreadRow = isUnread(conversation, me);
        const name = fullName(other);
        return (
          <li key={conversation._id} className="group relative flex items-stretch" data-testid="conversation-row">
            <button
              type="button"
              className="flex min-h-16 min-w-0 flex-1 items-center gap-3 px-3 py-2.5 text-left transition-colors hover:bg-surface-2 md:group-focus-within:pr-12 md:group-hover:pr-12"
              data-unread={unreadRow || undefined}
              onClick={() => onOpenConversation(conversation)}
            >
              {/* The row's name is its text, name first; the avatar (and its "Online") comes after it
                  in the markup and is drawn first. */}
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span className={`min-w-0 flex-1 truncate text-sm ${unreadRow ? 'font-bold text-ink' : 'font-semibold text-ink'}`}>{name}</span>
                  <span className="shrink-0 text-xs text-muted">{rowTime(conversation.updatedAt, undefined, timeZone)}</span>
                </span>
                <span className="mt-0.5 flex items-center gap-2">
                  <span className={`min-w-0 flex-1 truncate text-sm ${unreadRow ? 'font-semibold text-ink' : 'text-muted'}`}>
                    {lastMessagePreview(conversation, me)}
                  </span>
                  {unreadRow && (
                    <span className="h-2.5 w-2.5 shrink-0 rounded-full bg-brand-600" data-testid="row-unread-dot">
                      <span className="sr-only">
                        <Trans>, unread</Trans>
                      </span>
                    </span>
                  )}
                </span>
              </span>
              <span className="order-first flex shrink-0">
                <PersonAvatar person={other} size={40} />
              </span>
            </button>
            <button
              type="button"
              className="icon-btn mr-1 self-center text-muted hover:text-danger md:absolute md:right-1 md:top-1/2 md:mr-0 md:-translate-y-1/2 md:bg-surface-2 md:opacity-0 md:group-hover:opacity-100 md:focus:opacity-100"
              aria-label={t`Delete conversation with ${name}`}
              title={t`Delete conversation`}
              onClick={() => setPendingDelete(conversation)}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  );

  const matchingUsers = users.data?.filter((user) => matchesUser(user, userSearch)) ?? [];
  const usersBody = !hasToken ? (
    <Empty title={t`Please log in to view messages.`} />
  ) : !users.data ? (
    <p className="p-6 text-center text-sm text-muted" role="status">
      {users.isError ? t`Error fetching users.` : t`Loading users...`}
    </p>
  ) : matchingUsers.length === 0 ? (
    <Empty title={t`No users found`} hint={t`Try a different search term`} />
  ) : (
    <ul className="divide-y divide-line" aria-label={t`Recipients`}>
      {matchingUsers.map((user) => (
        <li key={user._id}>
          <button
            type="button"
            className="flex min-h-14 w-full items-center gap-3 px-3 py-2 text-left transition-colors hover:bg-surface-2"
            onClick={() => pick(user)}
          >
            <PersonAvatar person={user} size={36} />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold">{fullName(user)}</span>
              <span className="block text-xs text-muted">{userTypeLabel(user.userType)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );

  const panel = (
    <div
      ref={panelRef}
      role="dialog"
      aria-label={view === 'list' ? t`Messages` : t`Select a Recipient`}
      className="popover fixed inset-x-0 bottom-0 top-16 flex flex-col overflow-hidden rounded-none md:absolute md:inset-auto md:right-0 md:top-12 md:max-h-[min(70vh,600px)] md:w-[320px] md:rounded-xl"
    >
      {view === 'list' ? (
        <>
          <header className="flex items-center gap-1 border-b border-line py-2 pl-4 pr-2">
            <h2 className="whitespace-nowrap text-base font-bold">
              <Trans>Messages</Trans>
            </h2>
            <span
              className={`ml-2 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${unread > 0 ? 'bg-brand-fill text-white' : 'bg-surface-2 text-muted'}`}
              data-testid="unread-count"
            >
              <Trans>{unread} unread</Trans>
            </span>
            <div className="flex-1" />
            <button type="button" className="icon-btn" title={t`New message`} aria-label={t`New message`} onClick={() => setView('new')}>
              <Plus className="h-5 w-5" aria-hidden="true" />
            </button>
            <button type="button" className="icon-btn" title={t`Close`} aria-label={t`Close messages`} onClick={onClose}>
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          </header>
          <SearchBox label={t`Search conversations`} placeholder={t`Search conversations...`} value={search} onChange={setSearch} />
          <div className="min-h-0 flex-1 overflow-y-auto">{listBody}</div>
        </>
      ) : (
        <>
          <header className="flex items-center gap-1 border-b border-line px-2 py-2">
            <button type="button" className="icon-btn" title={t`Back`} aria-label={t`Back to conversations`} onClick={() => setView('list')}>
              <ArrowLeft className="h-5 w-5" aria-hidden="true" />
            </button>
            <h2 className="text-base font-bold">
              <Trans>Select a Recipient</Trans>
            </h2>
            <div className="flex-1" />
            <button type="button" className="icon-btn" title={t`Close`} aria-label={t`Close messages`} onClick={onClose}>
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          </header>
          <SearchBox label={t`Search users`} placeholder={t`Search users...`} value={userSearch} onChange={setUserSearch} autoFocus />
          <div className="min-h-0 flex-1 overflow-y-auto">{usersBody}</div>
        </>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        message={t`Delete this conversation?`}
        confirmLabel={t`Delete`}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
  // Under 768 px the panel fills the screen below the top bar. It is moved to the page's end there,
  // because the top bar's backdrop blur would otherwise confine a fixed element to the bar itself.
  return isPhone ? createPortal(panel, document.body) : panel;
}

function useReportOnce(failed: boolean, message: string) {
  const reported = useRef(false);
  useEffect(() => {
    if (failed && !reported.current) {
      reported.current = true;
      notify.error(message);
    }
  }, [failed, message]);
}

function Empty({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="p-8 text-center">
      <p className="font-semibold">{title}</p>
      {hint && <p className="mt-1 text-sm text-muted">{hint}</p>}
    </div>
  );
}

interface SearchBoxProps {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  autoFocus?: boolean;
}

function SearchBox({ label, placeholder, value, onChange, autoFocus }: SearchBoxProps) {
  return (
    <div className="border-b border-line px-3 py-2">
      <label className="relative block">
        <span className="sr-only">{label}</span>
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
        <input
          type="search"
          className="input min-h-10 pl-9 text-sm"
          placeholder={placeholder}
          value={value}
          autoFocus={autoFocus}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
