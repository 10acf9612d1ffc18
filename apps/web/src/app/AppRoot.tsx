import type { ReactNode } from 'react';
import { SessionProvider } from '@/lib/session.tsx';
import { ThemeProvider } from '@/lib/theme.tsx';
import { ToastHost } from './ToastHost.tsx';

/** Providers around every page (the session watches the path). */
export function AppRoot({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <SessionProvider>
        {children}
        <ToastHost />
      </SessionProvider>
    </ThemeProvider>
  );
}
