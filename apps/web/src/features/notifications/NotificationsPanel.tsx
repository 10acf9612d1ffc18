import { useEffect, useReducer, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { toast, ToastContainer } from 'react-toastify';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCheck, ListChecks, Trash2, X } from 'lucide-react';
import type { Notification } from '@bantay/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { storage } from '@/lib/storage.ts';
import { useTheme } from '@/lib/theme.tsx';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query.ts';
import { deleteNotification, markAllRead, markOneRead, NOTIFICATIONS_KEY, useNotifications } from './notifications-api.ts';
import { notificationLink, unreadCount, visibleNotifications, type CategoryFilter, type SortOrder } from './notification-logic.ts';
import { NotificationFilters } from './NotificationFilters.tsx';
import { NotificationRow } from './NotificationRow.tsx';
import { useDismiss } from '@/lib/use-dismiss.ts';

/** docs/product.md §A9: 800 ms long press enters selection; deletes run 100 ms after the confirmation closes. */
const LONG_PRESS_MS = 800;
const DELETE_DELAY_MS = 100;
const PANEL_TOASTS = 'notifications-panel';

type PendingDelete = { kind: 'one'; id: string } | { kind: 'many'; ids: string[] };

const panelToast = {
  success: (message: string) => toast.success(message, { containerId: PANEL_TOASTS }),
  error: (message: string) => toast.error(message, { containerId: PANEL_TOASTS }),
};

interface NotificationsPanelProps {
  onClose(): void;
  anchor: RefObject<HTMLElement | null>;
}

export default function NotificationsPanel({ onClose, anchor }: NotificationsPanelProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { theme } = useTheme();
  const hasToken = Boolean(storage.get('token'));
  const panelRef = useRef<HTMLDivElement>(null);
  const isPhone = useMediaQuery(PHONE_QUERY);

  // The panel works on its own copy, taken when it opens: opening marks everything read on the
  // server (docs/product.md §A7), yet the user should still see which ones were new.
  const [items, setItems] = useState<Notification[] | null>(null);
  const [count, dispatchCount] = useReducer(unreadCount, 0);
  const query = useNotifications((arrived) => {
    setItems((current) => (current && !current.some((item) => item._id === arrived._id) ? [arrived, ...current] : current));
    dispatchCount({ type: 'arrived' });
  });
  if (items === null && query.data) {
    setItems(query.data);
    dispatchCount({ type: 'loaded', items: query.data });
  }

  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('all');
  const [sort, setSort] = useState<SortOrder>('newest');
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const pressTimer = useRef<number | null>(null);
  const longPressed = useRef(false);

  const setCacheAllRead = () =>
    queryClient.setQueryData<Notification[]>(NOTIFICATIONS_KEY, (current) => current?.map((item) => ({ ...item, read: true })));

  // Opening the panel marks all read on the server (docs/product.md §A7); the top bar's dot goes out.
  const markedOnOpen = useRef(false);
  const loaded = items !== null;
  useEffect(() => {
    if (!loaded || markedOnOpen.current) return;
    markedOnOpen.current = true;
    markAllRead().then(setCacheAllRead, (error: unknown) => console.error('Could not mark notifications read', error));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [loaded]);

  const reportedError = useRef(false);
  useEffect(() => {
    if (query.isError && !reportedError.current) {
      reportedError.current = true;
      panelToast.error(t`Error fetching notifications.`);
    }
  }, [query.isError, t]);

  useDismiss(panelRef, anchor, onClose);

  const visible = items ? visibleNotifications(items, { search, category, sort }) : [];

  function removeLocally(ids: string[]) {
    const gone = new Set(ids);
    setItems((current) => {
      const next = (current ?? []).filter((item) => !gone.has(item._id));
      dispatchCount({ type: 'loaded', items: next });
      return next;
    });
    queryClient.setQueryData<Notification[]>(NOTIFICATIONS_KEY, (current) => current?.filter((item) => !gone.has(item._id)));
    setSelected((current) => new Set([...current].filter((id) => !gone.has(id))));
  }

  async function onMarkAll() {
    try {
      await markAllRead();
      setItems((current) => current?.map((item) => ({ ...item, read: true })) ?? current);
      dispatchCount({ type: 'markedAll' });
      setCacheAllRead();
      panelToast.success(t`All notifications marked as read`);
    } catch {
      panelToast.error(t`Error marking notifications as read`);
    }
  }

  function onItemClick(item: Notification) {
    if (longPressed.current) {
      longPressed.current = false;
      return;
    }
    if (selecting) {
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(item._id)) next.delete(item._id);
        else next.add(item._id);
        return next;
      });
      return;
    }
    const link = notificationLink(item);
    if (!item.read) {
      setItems((current) => current?.map((n) => (n._id === item._id ? { ...n, read: true } : n)) ?? current);
      dispatchCount({ type: 'markedOne' });
      // docs/product.md §A8: failing to mark one notification read is only logged.
      markOneRead(item._id).catch((error: unknown) => console.error('Could not mark the notification read', error));
    }
    // A notification opens what it is about; the panel closes, its work done.
    if (link) {
      onClose();
      navigate(link);
    }
  }

  function startPress(item: Notification) {
    cancelPress();
    // A long press whose release landed elsewhere (the selection bar appearing moves the list)
    // produced no click to swallow; the flag must not eat this new press's click instead.
    longPressed.current = false;
    pressTimer.current = window.setTimeout(() => {
      longPressed.current = true;
      setSelecting(true);
      setSelected(new Set([item._id]));
    }, LONG_PRESS_MS);
  }
  function cancelPress() {
    if (pressTimer.current !== null) window.clearTimeout(pressTimer.current);
    pressTimer.current = null;
  }

  function askDeleteSelected() {
    if (selected.size === 0) {
      panelToast.error(t`No notifications selected to delete.`);
      return;
    }
    setPending({ kind: 'many', ids: [...selected] });
  }

  function confirmDelete() {
    const job = pending;
    setPending(null);
    if (!job) return;
    window.setTimeout(() => void runDelete(job), DELETE_DELAY_MS);
  }

  async function runDelete(job: PendingDelete) {
    if (job.kind === 'one') {
      try {
        await deleteNotification(job.id);
        removeLocally([job.id]);
        panelToast.success(t`Notification deleted successfully`);
      } catch {
        panelToast.error(t`Error deleting notification`);
      }
      return;
    }
    const results = await Promise.allSettled(job.ids.map((id) => deleteNotification(id)));
    removeLocally(job.ids.filter((_, index) => results[index]!.status === 'fulfilled'));
    if (results.every((result) => result.status === 'fulfilled')) {
      panelToast.success(t`Selected notifications deleted successfully`);
      setSelecting(false);
    } else {
      panelToast.error(t`Error deleting selected notifications`);
    }
  }

  const body = !hasToken ? (
    <p className="p-6 text-center text-sm text-muted">
      <Trans>Please log in to view notifications.</Trans>
    </p>
  ) : items === null ? (
    <p className="p-6 text-center text-sm text-muted" role="status">
      {query.isError ? t`Error fetching notifications.` : t`Loading notifications...`}
    </p>
  ) : visible.length === 0 ? (
    <div className="p-8 text-center">
      {search.trim() ? (
        <>
          <p className="font-semibold">
            <Trans>No notifications found</Trans>
          </p>
          <p className="mt-1 text-sm text-muted">
            <Trans>Try a different search term</Trans>
          </p>
        </>
      ) : (
        <p className="font-semibold">
          <Trans>You&apos;re all caught up!</Trans>
        </p>
      )}
    </div>
  ) : (
    <ul className="divide-y divide-line" aria-label={t`Notifications list`}>
      {visible.map((item) => (
        <NotificationRow
          key={item._id}
          item={item}
          selecting={selecting}
          selected={selected.has(item._id)}
          onOpen={() => onItemClick(item)}
          onPressStart={() => startPress(item)}
          onPressEnd={cancelPress}
          onDelete={() => setPending({ kind: 'one', id: item._id })}
        />
      ))}
    </ul>
  );

  const selectedCount = selected.size;
  const pendingCount = pending?.kind === 'many' ? pending.ids.length : 0;
  const panel = (
    <div
      ref={panelRef}
      role="dialog"
      aria-label={t`Notifications`}
      className="popover fixed inset-x-0 bottom-0 top-16 flex flex-col overflow-hidden rounded-none md:absolute md:inset-auto md:right-0 md:top-12 md:max-h-[min(70vh,640px)] md:w-[360px] md:rounded-xl"
    >
      <header className="flex shrink-0 items-center gap-1 border-b border-line px-4 py-2">
        <h2 className="text-base font-bold">
          <Trans>Notifications</Trans>
        </h2>
        <span className="ml-2 whitespace-nowrap rounded-full bg-brand-fill px-2 py-0.5 text-xs font-semibold text-white" data-testid="new-badge">
          <Trans>{count} new</Trans>
        </span>
        <div className="flex-1" />
        <button type="button" className="icon-btn" title={t`Mark all as read`} aria-label={t`Mark all as read`} onClick={() => void onMarkAll()}>
          <CheckCheck className="h-5 w-5" aria-hidden="true" />
        </button>
        <button
          type="button"
          className={`icon-btn ${selecting ? 'text-brand-600' : ''}`}
          title={t`Select multiple`}
          aria-label={t`Select multiple`}
          aria-pressed={selecting}
          onClick={() => {
            setSelecting((value) => !value);
            setSelected(new Set());
          }}
        >
          <ListChecks className="h-5 w-5" aria-hidden="true" />
        </button>
        <button type="button" className="icon-btn" title={t`Close`} aria-label={t`Close notifications`} onClick={onClose}>
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </header>
      <NotificationFilters search={search} onSearch={setSearch} sort={sort} onSort={setSort} category={category} onCategory={setCategory} />
      {selecting && (
        <div className="flex shrink-0 flex-wrap items-center gap-1 whitespace-nowrap border-b border-line bg-surface-2 px-3 py-2 text-sm">
          <span className="mr-auto font-medium">
            <Trans>{selectedCount} selected</Trans>
          </span>
          <button type="button" className="btn btn-ghost min-h-9 px-2 text-sm" onClick={() => setSelected(new Set(visible.map((item) => item._id)))}>
            <Trans>Select all</Trans>
          </button>
          {/* "Delete" alone fits a 360 px panel; the accessible name keeps the brief's action. */}
          <button type="button" className="btn btn-danger min-h-9 px-3 text-sm" aria-label={t`Delete selected`} onClick={askDeleteSelected}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> <Trans>Delete</Trans>
          </button>
          <button
            type="button"
            className="btn btn-ghost min-h-9 px-2 text-sm"
            onClick={() => {
              setSelecting(false);
              setSelected(new Set());
            }}
          >
            <Trans>Cancel</Trans>
          </button>
        </div>
      )}
      <div className="min-h-0 flex-1 overflow-y-auto">{body}</div>
      <ConfirmDialog
        open={pending !== null}
        message={pending?.kind === 'many' ? t`Delete ${pendingCount} notifications?` : t`Delete this notification?`}
        confirmLabel={pending?.kind === 'many' ? t`Delete All` : t`Delete`}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      />
      <ToastContainer containerId={PANEL_TOASTS} position="top-right" autoClose={3000} theme={theme} newestOnTop />
    </div>
  );
  // Under 768 px the panel fills the screen below the top bar. It is moved to the page's end there,
  // because the top bar's backdrop blur would otherwise confine a fixed element to the bar itself.
  return isPhone ? createPortal(panel, document.body) : panel;
}
