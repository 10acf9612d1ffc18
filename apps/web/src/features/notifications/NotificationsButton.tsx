import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Bell } from 'lucide-react';
import { PopupToggle } from '@/components/PopupToggle.tsx';
import { useNotifications } from './notifications-api.ts';

const NotificationsPanel = lazy(() => import('./NotificationsPanel.tsx'));

/** The top bar's bell: a red dot while anything is unread, and the panel on click. */
export function NotificationsButton({ initiallyUnread }: { initiallyUnread: boolean }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { data } = useNotifications();
  const hasUnread = data ? data.some((item) => !item.read) : initiallyUnread;
  const close = useCallback(() => setOpen(false), []);

  return (
    <div className="relative">
      <PopupToggle
        ref={buttonRef}
        label="Notifications"
        icon={Bell}
        open={open}
        dot={hasUnread}
        dotTestId="notifications-dot"
        onToggle={() => setOpen((value) => !value)}
      />
      {open && (
        <Suspense fallback={null}>
          <NotificationsPanel onClose={close} anchor={buttonRef} />
        </Suspense>
      )}
    </div>
  );
}
