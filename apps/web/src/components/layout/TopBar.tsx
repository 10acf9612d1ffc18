import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ArrowLeft, Menu } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageSwitch } from '@/components/LanguageSwitch.tsx';
import { ThemeToggle } from '@/components/ThemeToggle.tsx';
import { leaveAsResident } from '@/lib/resident-session.ts';

interface TopBarProps {
  isResident: boolean;
  navOpen: boolean;
  onToggleNav(): void;
  /** Messages, notifications and the avatar menu (staff only). */
  staffActions?: ReactNode;
}

/** docs/product.md §A2 top bar. Residents get only Back; staff get messages, notifications and the avatar menu. */
export function TopBar({ isResident, navOpen, onToggleNav, staffActions }: TopBarProps) {
  const [, navigate] = useLocation();
  const { t } = useLingui();

  return (
    // Below 360 px the controls sit closer (index.css gives their icon buttons 40 px there).
    <header className="top-bar sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-line bg-surface/95 px-3 backdrop-blur max-[360px]:gap-0.5 max-[360px]:px-2 sm:px-4">
      <button
        type="button"
        className="icon-btn"
        aria-label={navOpen ? t`Close navigation` : t`Open navigation`}
        aria-controls="side-nav"
        aria-expanded={navOpen}
        onClick={onToggleNav}
      >
        <Menu className="h-5 w-5" aria-hidden="true" />
      </button>
      <div className="flex-1" />
      <LanguageSwitch />
      <ThemeToggle />
      {isResident ? (
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            leaveAsResident();
            navigate('/');
          }}
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> <Trans>Back</Trans>
        </button>
      ) : (
        staffActions
      )}
    </header>
  );
}
