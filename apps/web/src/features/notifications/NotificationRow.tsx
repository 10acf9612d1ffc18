import { useLingui } from '@lingui/react/macro';
import { AlertTriangle, Bell, CalendarClock, LifeBuoy, Phone, Trash2, Wrench, type LucideIcon } from 'lucide-react';
import { notificationCategory, type Notification, type NotificationCategory } from '@bantay/shared';
import { formatPhoneForDisplay } from '@/lib/phone.ts';
import { relativeTime } from './notification-logic.ts';

const ICONS: Record<NotificationCategory, LucideIcon> = {
  incidents: AlertTriangle,
  schedules: CalendarClock,
  equipment: Wrench,
  assistance: LifeBuoy,
  general: Bell,
};

interface NotificationRowProps {
  item: Notification;
  /** The panel is in selection mode (docs/product.md §A9): a click ticks the row instead of opening it. */
  selecting: boolean;
  selected: boolean;
  onOpen(): void;
  /** A press starts (a long one enters selection) and ends (released, left or cancelled). */
  onPressStart(): void;
  onPressEnd(): void;
  onDelete(): void;
}

/** One notification in the panel's list: its category icon, text, age, unread dot and delete button. */
export function NotificationRow({ item, selecting, selected, onOpen, onPressStart, onPressEnd, onDelete }: NotificationRowProps) {
  const { t } = useLingui();
  const Icon = ICONS[notificationCategory(item.message)];
  const callback = item.callbackPhone ? formatPhoneForDisplay(item.callbackPhone) : '';
  return (
    <li className="group relative flex items-stretch">
      <button
        type="button"
        className={`flex min-h-16 flex-1 select-none items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-surface-2 ${
          selected ? 'bg-brand-50 dark:bg-surface-2' : ''
        }`}
        aria-pressed={selecting ? selected : undefined}
        data-unread={!item.read || undefined}
        onClick={onOpen}
        onPointerDown={onPressStart}
        onPointerUp={onPressEnd}
        onPointerLeave={onPressEnd}
        onPointerCancel={onPressEnd}
        onContextMenu={(event) => event.preventDefault()}
      >
        {selecting && (
          <span
            aria-hidden="true"
            className={`mt-1 h-4 w-4 shrink-0 rounded border ${selected ? 'border-brand-600 bg-brand-600' : 'border-line'}`}
          />
        )}
        <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-surface-2 text-brand-600">
          <Icon className="h-4 w-4" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className={`block text-sm ${item.read ? 'text-ink-soft' : 'font-semibold text-ink'}`}>{item.message}</span>
          <span className="mt-0.5 block text-xs text-muted">{relativeTime(item.createdAt)}</span>
        </span>
        {!item.read && <span className="mt-2 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-600" aria-label={t`Unread`} />}
      </button>
      {!selecting && item.callbackPhone && (
        // A missed-call SOS (docs/decisions/032-the-text-line.md): the caller is one tap away.
        <a
          href={`tel:${item.callbackPhone}`}
          className="icon-btn mr-1 self-center bg-brand-fill text-white hover:text-white hover:opacity-90"
          aria-label={t`Call back ${callback}`}
          title={t`Call back ${callback}`}
          data-testid="notification-call-back"
        >
          <Phone className="h-4 w-4" aria-hidden="true" />
        </a>
      )}
      {!selecting && (
        <button
          type="button"
          className="icon-btn mr-1 self-center text-muted md:opacity-0 md:group-hover:opacity-100 md:focus:opacity-100"
          aria-label={t`Delete notification`}
          onClick={onDelete}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </li>
  );
}
