import { lazy, Suspense, useRef, useState } from 'react';
import { Bell } from 'lucide-react';
import { useNotifications } from './notifications-api.ts';

const NotificationsPanel = lazy(() => import('./NotificationsPanel.tsx'));

/** The top bar's bell: a red dot while anything is unread, and the panel on click. */
export function NotificationsButton({ initiallyUnread }: { initiallyUnread: boolean }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { data } = useNotifications();
  const hasUnread = data ? data.some((item) => !item.read) : initiallyUnread;

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn relative"
        aria-label="Notifications"
        title="Notifications"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen((value) => !value)}
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {hasUnread && <span className="unread-dot" data-testid="notifications-dot" />}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationsPanel onClose={() => setOpen(false)} anchor={buttonRef} />
        </Suspense>
      )}
    </div>
  );
}
