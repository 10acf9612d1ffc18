import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ChevronDown, LogOut, Settings, UserRound } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar, initialsOf } from '@/components/Avatar.tsx';
import { askToDisableTwoFactor } from '@/features/two-factor/confirm-disable.tsx';
import { TwoFactorDialogHost } from '@/features/two-factor/TwoFactorDialogHost.tsx';
import { useSession } from '@/lib/session.tsx';
import { fullName } from '@/lib/full-name.ts';
import { ROLE_NAMES } from '@/lib/role-names.ts';

/** docs/product.md §A2 avatar menu: My Account, collapsible Settings with the SMS Authentication switch, Log Out. */
export function AvatarMenu() {
  const { t } = useLingui();
  const { user, logout, refresh } = useSession();
  const [open, setOpen] = useState(false);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const name = fullName(user);
  // The initials shown instead of a photo are the button's visible text, so its name carries them
  // too (WCAG 2.5.3, label in name): "JD, Account menu".
  const shownInitials = user && !user.profilePicture ? initialsOf(user.firstName, user.lastName) : null;
  return (
    <div className="relative" ref={rootRef}>
      <button
        type="button"
        className="icon-btn gap-1 rounded-full pl-1 pr-2 max-[360px]:pr-1"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={shownInitials ? t`${shownInitials}, Account menu` : t`Account menu`}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar firstName={user?.firstName} lastName={user?.lastName} src={user?.profilePicture} size={32} />
        {/* Below 360 px the avatar alone opens the menu, so the top bar fits (TopBar.tsx). */}
        <ChevronDown className="h-4 w-4 max-[360px]:hidden" aria-hidden="true" />
      </button>
      {open && (
        <div id={menuId} role="menu" className="popover absolute right-0 top-12 w-64 p-2">
          <div className="mb-2 border-b border-line px-3 pb-3 pt-1">
            <p className="truncate font-semibold text-ink">{name}</p>
            <p className="text-xs capitalize text-muted">{user ? t(ROLE_NAMES[user.userType]) : null}</p>
          </div>
          <Link role="menuitem" to="/myaccount" className="menu-item" onClick={() => setOpen(false)}>
            <UserRound className="h-4 w-4" aria-hidden="true" /> <Trans>My Account</Trans>
          </Link>
          <button
            type="button"
            role="menuitem"
            className="menu-item w-full"
            aria-expanded={settingsOpen}
            onClick={() => setSettingsOpen((value) => !value)}
          >
            <Settings className="h-4 w-4" aria-hidden="true" /> <Trans>Settings</Trans>
            <ChevronDown className={`ml-auto h-4 w-4 transition-transform ${settingsOpen ? 'rotate-180' : ''}`} aria-hidden="true" />
          </button>
          {settingsOpen && (
            <label className="flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 pl-10 text-sm">
              <Trans>SMS Authentication</Trans>
              <input
                type="checkbox"
                role="switch"
                className="switch"
                checked={user?.twoFactorEnabled ?? false}
                onChange={() => {
                  setOpen(false);
                  // The switch reflects twoFactorEnabled: on opens the dialog (a code must be
                  // confirmed first); off asks in the top bar before disabling (docs/product.md §A4).
                  if (user?.twoFactorEnabled) askToDisableTwoFactor(refresh);
                  else setTwoFactorOpen(true);
                }}
              />
            </label>
          )}
          <button type="button" role="menuitem" className="menu-item w-full text-danger" onClick={() => void logout()}>
            <LogOut className="h-4 w-4" aria-hidden="true" /> <Trans>Log Out</Trans>
          </button>
        </div>
      )}
      <TwoFactorDialogHost open={twoFactorOpen} onClose={() => setTwoFactorOpen(false)} />
    </div>
  );
}
