import { Suspense, type ReactNode } from 'react';
import { lazyWithRetry } from './lazy-page.tsx';
import { Link } from 'wouter';
import { BrandMark } from '@/components/BrandMark.tsx';
import { LanguageSwitch } from '@/components/LanguageSwitch.tsx';
import { ThemeToggle } from '@/components/ThemeToggle.tsx';
import { useSideNav } from '@/components/layout/use-side-nav.ts';
import { useMyReports } from '@/lib/my-reports.ts';
import { BRAND_NAME, usePublicSettings } from '@/lib/public-settings.ts';
import { readResidentSession, useResidentSession } from '@/lib/resident-session.ts';
import { withCatalog } from '@/lib/i18n.ts';

// The resident's side nav and top bar are the staff layout's own (same look, same collapse
// rules), fetched only for a signed-in resident: visitors, most of the public pages' traffic,
// never download them (docs/product.md §8). A resident's browser starts fetching them at once.
const loadSideNav = withCatalog(() => import('@/components/layout/SideNav.tsx'));
const loadTopBar = withCatalog(() => import('@/components/layout/TopBar.tsx'));
const SideNav = lazyWithRetry(async () => ({ default: (await loadSideNav()).SideNav }));
const TopBar = lazyWithRetry(async () => ({ default: (await loadTopBar()).TopBar }));
if (typeof window !== 'undefined' && readResidentSession()) {
  void loadSideNav();
  void loadTopBar();
}

/**
 * The frame of every public page. A visitor gets a slim header with the barangay's name and the
 * theme toggle. A signed-in resident gets the brief's resident frame (docs/product.md §A2, §A6): the side navigation
 * with the resident menu and a top bar with the nav toggle, the theme toggle and only Back.
 */
export function PublicShell({ children }: { children: ReactNode }) {
  const resident = useResidentSession();
  // Once per page load, ask the server whether it still accepts the resident's token: a 401
  // signs the resident out here (the same answer feeds the landing page's "My reports").
  useMyReports(resident);
  return resident ? <ResidentFrame>{children}</ResidentFrame> : <VisitorFrame>{children}</VisitorFrame>;
}

/**
 * The frame's structure never changes while its two bars load, so the page inside is not mounted
 * twice; placeholders of the same size hold their places meanwhile.
 */
function ResidentFrame({ children }: { children: ReactNode }) {
  const nav = useSideNav();
  const navPlaceholder = nav.isMobile ? null : (
    <div className={`sticky top-0 h-dvh shrink-0 border-r border-line bg-surface ${nav.isOpen ? 'w-60' : 'w-[4.5rem]'}`} />
  );
  return (
    <div className="flex min-h-dvh bg-canvas text-ink" data-frame="resident">
      <Suspense fallback={navPlaceholder}>
        <SideNav userType="resident" isOpen={nav.isOpen} isMobile={nav.isMobile} onNavigate={nav.onNavigate} onClose={nav.close} />
      </Suspense>
      <div className="flex min-w-0 flex-1 flex-col">
        <Suspense fallback={<div className="sticky top-0 z-20 h-16 border-b border-line bg-surface" />}>
          <TopBar isResident navOpen={nav.isOpen} onToggleNav={nav.toggle} />
        </Suspense>
        <main id="main" className="flex flex-1 flex-col">
          {children}
        </main>
      </div>
    </div>
  );
}

function VisitorFrame({ children }: { children: ReactNode }) {
  const { data: settings } = usePublicSettings();
  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-ink" data-frame="visitor">
      <header className="flex h-14 items-center gap-3 border-b border-line bg-surface px-4">
        <Link to="/" className="flex min-h-11 min-w-0 items-center gap-2 font-bold">
          <BrandMark logo={settings?.logo} className="h-8 w-8" />
          <span className="truncate">{settings?.name ?? BRAND_NAME}</span>
        </Link>
        <div className="flex-1" />
        <LanguageSwitch />
        <ThemeToggle />
      </header>
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
    </div>
  );
}
