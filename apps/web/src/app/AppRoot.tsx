import { useEffect, type ReactNode } from 'react';
import { followEarlyTap } from '@/lib/early-tap.ts';
import { SessionProvider } from '@/lib/session.tsx';
import { ThemeProvider } from '@/lib/theme.tsx';
import { ToastHost } from './ToastHost.tsx';

/** Providers around every page (the session watches the path). */
export function AppRoot({ children }: { children: ReactNode }) {
  // Once the app owns the page (after hydration): a report link tapped before then is followed now.
  useEffect(followEarlyTap, []);
  return (
    <ThemeProvider>
      <SessionProvider>
        {children}
        <ToastHost />
      </SessionProvider>
    </ThemeProvider>
  );
}
