import { Outlet } from 'react-router';
import { SessionProvider } from '@/lib/session.tsx';
import { ThemeProvider } from '@/lib/theme.tsx';
import { ToastHost } from './ToastHost.tsx';

/** Providers that need the router (the session watches the path). */
export function AppRoot() {
  return (
    <ThemeProvider>
      <SessionProvider>
        <Outlet />
        <ToastHost />
      </SessionProvider>
    </ThemeProvider>
  );
}
