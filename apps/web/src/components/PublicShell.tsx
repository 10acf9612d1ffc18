import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Moon, Sun } from 'lucide-react';
import { BrandMark } from '@/components/BrandMark.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { useTheme } from '@/lib/theme.tsx';

/** The frame of the public pages: a slim header with the barangay's name and the theme toggle. */
export function PublicShell({ children }: { children: ReactNode }) {
  const { data: settings } = usePublicSettings();
  const { theme, toggleTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-ink">
      <header className="flex h-14 items-center gap-3 border-b border-line bg-surface px-4">
        <Link to="/" className="flex min-w-0 items-center gap-2 font-bold">
          <BrandMark logo={settings?.logo} className="h-8 w-8" />
          <span className="truncate">{settings?.name ?? 'Bantay'}</span>
        </Link>
        <div className="flex-1" />
        <button
          type="button"
          className="icon-btn"
          title={dark ? 'Switch to Light Mode' : 'Switch to Dark Mode'}
          aria-label={dark ? 'Switch to Light Mode' : 'Switch to Dark Mode'}
          onClick={toggleTheme}
        >
          {dark ? <Sun className="h-5 w-5" aria-hidden="true" /> : <Moon className="h-5 w-5" aria-hidden="true" />}
        </button>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
    </div>
  );
}
