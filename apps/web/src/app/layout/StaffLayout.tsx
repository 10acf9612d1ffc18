import { useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { IncidentAlerts } from '@/features/incidents/IncidentAlerts.tsx';
import { MessagesButton } from '@/features/messages/MessagesButton.tsx';
import { NotificationsButton } from '@/features/notifications/NotificationsButton.tsx';
import { TrackingBadge } from '@/features/patrols/tracking/TrackingBadge.tsx';
import { TrackingProvider } from '@/features/patrols/tracking/TrackingProvider.tsx';
import { RealtimeProvider } from '@/lib/realtime.tsx';
import { useSession } from '@/lib/session.tsx';
import { keepQueries } from '@/lib/staff-cache.ts';
import { preloadToasts } from '@/lib/toast.ts';
import { OfflineBanner } from '@/components/layout/OfflineBanner.tsx';
import { SideNav } from '@/components/layout/SideNav.tsx';
import { TopBar } from '@/components/layout/TopBar.tsx';
import { useSideNav } from '@/components/layout/use-side-nav.ts';
import { AvatarMenu } from './AvatarMenu.tsx';
import { PasswordChangeGate } from '../PasswordChangeGate.tsx';

/** The shared layout of docs/product.md §A1: side navigation, top bar and the main area, where `children` (the page) goes. */
export default function StaffLayout({ children }: { children: ReactNode }) {
  const { userType, user, unchecked } = useSession();
  const nav = useSideNav();
  // One query cache per signed-in layout: signing out unmounts it, so no data outlives the session.
  // It lives here, not at the root, so the public pages never download the query library.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        // Fresh data arrives by socket push; refetching on every focus would only add requests.
        defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 30_000 } },
      }),
  );

  // What the pages showed is kept on this phone, and shown after a reload with no connection
  // (lib/staff-cache.ts).
  const userId = user?._id;
  useEffect(() => (userId ? keepQueries(queryClient, userId, unchecked) : undefined), [queryClient, userId, unchecked]);

  // A staff page may lose its connection at any moment; the toasts that say so must already be here.
  useEffect(preloadToasts, []);

  // Until a one-time password is replaced the server answers only the account calls, so the
  // panels that would fetch stay away and only the account menu (with Log Out) remains.
  const staffActions = user?.mustChangePassword ? (
    <AvatarMenu />
  ) : (
    <>
      <TrackingBadge />
      <MessagesButton />
      <NotificationsButton initiallyUnread={user?.hasUnreadNotifications ?? false} />
      <AvatarMenu />
    </>
  );

  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <TrackingProvider>
        <div className="flex min-h-dvh bg-canvas text-ink">
          <SideNav
            userType={userType}
            isOpen={nav.isOpen}
            isMobile={nav.isMobile}
            onNavigate={nav.onNavigate}
            onClose={nav.close}
          />
          <div className="flex min-w-0 flex-1 flex-col">
            <TopBar
              isResident={userType === 'resident'}
              navOpen={nav.isOpen}
              onToggleNav={nav.toggle}
              staffActions={staffActions}
            />
            <OfflineBanner />
            <main id="main" className="flex-1 p-4 sm:p-6">
              {userType !== 'resident' && <IncidentAlerts />}
              <PasswordChangeGate>
                {children}
              </PasswordChangeGate>
            </main>
          </div>
        </div>
        </TrackingProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
