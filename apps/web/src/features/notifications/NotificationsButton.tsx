import { Suspense, useCallback, useRef, useState } from 'react';
import { Bell } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { lazyWithRetry } from '@/components/lazy-page.tsx';
import { PieceBoundary, PieceUnavailable } from '@/components/PieceBoundary.tsx';
import { PopupToggle } from '@/components/PopupToggle.tsx';
import { useNotifications } from './notifications-api.ts';

const NotificationsPanel = lazyWithRetry(() => import('./NotificationsPanel.tsx'));

/** The top bar's bell: a red dot while anything is unread, and the panel on click. */
export function NotificationsButton({ initiallyUnread }: { initiallyUnread: boolean }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { data } = useNotifications();
  const hasUnread = data ? data.some((item) => !item.read) : initiallyUnread;
  const close = useCallback(() => setOpen(false), []);

  return (
    <div className="relative">
      <PopupToggle
        ref={buttonRef}
        label={t`Notifications`}
        icon={Bell}
        open={open}
        dot={hasUnread}
        dotTestId="notifications-dot"
        onToggle={() => setOpen((value) => !value)}
      />
      {open && (
        <PieceBoundary fallback={(retry) => <PieceUnavailable retry={retry} className="absolute right-0 top-full mt-2 w-72" />}>
          <Suspense fallback={null}>
            <NotificationsPanel onClose={close} anchor={buttonRef} />
          </Suspense>
        </PieceBoundary>
      )}
    </div>
  );
}
