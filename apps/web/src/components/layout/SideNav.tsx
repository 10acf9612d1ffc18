import { Link, useLocation } from 'wouter';
import {
  BarChart3,
  Boxes,
  CalendarDays,
  Home,
  LayoutDashboard,
  Map,
  Radar,
  ShieldAlert,
  Star,
  UserRound,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import type { UserType } from '@bantay/shared';
import { BrandMark } from '@/components/BrandMark.tsx';
import { menuFor, samePath, type MenuIcon } from '@/lib/navigation.ts';
import { BRAND_NAME, usePublicSettings } from '@/lib/public-settings.ts';

const ICONS: Record<MenuIcon, LucideIcon> = {
  dashboard: LayoutDashboard,
  map: Map,
  calendar: CalendarDays,
  chart: BarChart3,
  toolbox: Wrench,
  home: Home,
  alert: ShieldAlert,
  star: Star,
  users: Users,
  radar: Radar,
  boxes: Boxes,
  user: UserRound,
};

interface SideNavProps {
  userType: UserType | null;
  isOpen: boolean;
  isMobile: boolean;
  onNavigate(): void;
  onClose(): void;
}

export function SideNav({ userType, isOpen, isMobile, onNavigate, onClose }: SideNavProps) {
  const { t } = useLingui();
  const { data: settings } = usePublicSettings();
  const [pathname] = useLocation();
  const items = menuFor(userType);
  const expanded = isMobile || isOpen;
  const name = settings?.name ?? BRAND_NAME;
  const abbreviation = settings?.abbreviation ?? 'BTY';

  return (
    <>
      {isMobile && isOpen && (
        <div className="fixed inset-0 z-30 bg-black/40" aria-hidden="true" onClick={onClose} data-testid="nav-backdrop" />
      )}
      <nav
        id="side-nav"
        aria-label={t`Main`}
        data-state={isOpen ? 'open' : 'closed'}
        className={[
          'side-nav z-40 flex shrink-0 flex-col border-r border-line bg-surface transition-[width,transform] duration-200',
          isMobile ? 'fixed inset-y-0 left-0 w-64' : 'sticky top-0 h-dvh',
          isMobile && !isOpen ? '-translate-x-full' : 'translate-x-0',
          !isMobile && (isOpen ? 'w-60' : 'w-[4.5rem]'),
        ]
          .filter(Boolean)
          .join(' ')}
        {...(isMobile && !isOpen ? { inert: true } : {})}
      >
        <div className="flex h-16 items-center gap-3 border-b border-line px-4">
          <BrandMark logo={settings?.logo} />
          <span className="line-clamp-2 text-sm font-bold leading-tight text-ink" title={name}>
            {expanded ? name : abbreviation}
          </span>
        </div>
        <ul className="flex flex-1 flex-col gap-1 overflow-y-auto p-3">
          {items.map((item) => {
            const Icon = ICONS[item.icon];
            const active = samePath(pathname, item.path);
            const label = t(item.text);
            return (
              <li key={item.path}>
                <Link
                  to={item.path}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  title={expanded ? undefined : label}
                  className={[
                    'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                    active ? 'bg-brand-fill text-white' : 'text-ink-soft hover:bg-surface-2 hover:text-ink',
                  ].join(' ')}
                >
                  <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
                  <span className={expanded ? 'min-w-0 leading-tight' : 'sr-only'}>{label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
