import { Suspense, useState } from 'react';
import { lazyWithRetry } from '@/components/lazy-page.tsx';
import { Link } from 'wouter';
import { ChevronRight, Phone, ShieldAlert, Siren, Star, Ticket } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BrandMark } from '@/components/BrandMark.tsx';
import { PublicShell } from '@/components/PublicShell.tsx';
import { Loading } from '@/components/Loading.tsx';
import { formatPhoneForDisplay } from '@/lib/phone.ts';
import { ResidentSignInCard } from '@/features/residents/ResidentSignInCard.tsx';
import { BRAND_NAME, usePublicSettings } from '@/lib/public-settings.ts';
import { useResidentSession } from '@/lib/resident-session.ts';
import { withCatalog } from '@/lib/i18n.ts';

// Side by side on a phone, so all three fit near the top of a small screen; stacked cards from sm up.
const ACTION_LAYOUT = 'min-h-20 flex-row items-center justify-start gap-4 sm:min-h-28 sm:flex-col sm:items-start sm:justify-between sm:gap-3' as const;

// Only signed-in residents see their list and their alerts, so visitors never download them.
const ResidentCards = lazyWithRetry(withCatalog(() => import('./ResidentCards.tsx')));

/**
 * The public front page: what anyone can do without signing in (report, emergency, track a
 * ticket, rate the tanods, call a hotline), the residents' sign-in, and once signed in, the
 * resident's own reports in its place. The report page owns the three action
 * URLs below; they are the contract with it.
 */
export default function LandingPage() {
  const { t } = useLingui();
  const { data: settings } = usePublicSettings();
  const resident = useResidentSession();
  const [justSignedIn, setJustSignedIn] = useState(false);
  const hotlines = settings?.hotlines ?? [];

  return (
    <PublicShell>
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:py-8">
        <section className="flex items-center gap-4">
          <BrandMark logo={settings?.logo} className="h-14 w-14 shrink-0 sm:h-16 sm:w-16" />
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-widest text-brand-600">{BRAND_NAME}</p>
            <h1 className="text-2xl font-bold leading-tight tracking-tight sm:text-3xl">{settings?.name ?? t`Your barangay`}</h1>
          </div>
        </section>
        <p className="-mt-2 text-ink-soft">
          {resident
            ? t`Report an incident, follow your reports and rate our tanods.`
            : t`Report an incident, follow your ticket and rate our tanods. No account needed.`}
        </p>

        {/* data-landing-actions: how the server's advisory block finds this page in any language (modules/advisories/landing-banner.ts). */}
        <section aria-label={t`What do you need?`} data-landing-actions="" className="grid gap-3 sm:grid-cols-3">
          {/* The server's emergency form, not the app's screen: on one bar of signal and a slow phone it is
              ready in about a second, the app's in several (src/lite/enhance.ts, docs/benchmarks.md). */}
          <a href="/lite/emergency" className={`action-card action-card-danger ${ACTION_LAYOUT}`}>
            <Siren className="h-8 w-8 shrink-0" aria-hidden="true" />
            <span>
              <span className="block text-lg font-bold">
                <Trans>Emergency</Trans>
              </span>
              <span className="block text-sm text-white/90">
                <Trans>Get help now: fire, medical, crime in progress</Trans>
              </span>
            </span>
          </a>
          <Link to="/Reportincidents" className={`action-card ${ACTION_LAYOUT}`}>
            <ShieldAlert className="h-8 w-8 shrink-0 text-brand-600" aria-hidden="true" />
            <span>
              <span className="block text-lg font-semibold">
                <Trans>Report an incident</Trans>
              </span>
              <span className="block text-sm text-muted">
                <Trans>Tell us what happened and where</Trans>
              </span>
            </span>
          </Link>
          <Link to="/Reportincidents?track=1" className={`action-card ${ACTION_LAYOUT}`}>
            <Ticket className="h-8 w-8 shrink-0 text-brand-600" aria-hidden="true" />
            <span>
              <span className="block text-lg font-semibold">
                <Trans>Track a ticket</Trans>
              </span>
              <span className="block text-sm text-muted">
                <Trans>See what happened to your report</Trans>
              </span>
            </span>
          </Link>
        </section>

        {/* A resident's own reports come first on a phone; a visitor's sign-in form after the hotlines. */}
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]">
          {resident && (
            <div className="lg:col-start-2 lg:row-start-1">
              <Suspense
                fallback={
                  <div className="card flex justify-center py-8">
                    <Loading label={t`Loading your reports…`} />
                  </div>
                }
              >
                <ResidentCards focusOnMount={justSignedIn} />
              </Suspense>
            </div>
          )}
          <div className="flex flex-col gap-6 lg:col-start-1 lg:row-start-1">
            {hotlines.length > 0 && (
              <section aria-labelledby="hotlines-title" className="card">
                <h2 id="hotlines-title" className="text-lg font-semibold">
                  <Trans>Hotlines</Trans>
                </h2>
                <p className="mt-1 text-sm text-muted">
                  <Trans>Tap a number to call.</Trans>
                </p>
                <ul className="mt-3 grid gap-1 sm:grid-cols-2">
                  {hotlines.map((hotline) => (
                    <li key={`${hotline.label}-${hotline.number}`}>
                      <a
                        href={`tel:${hotline.number.replace(/[^\d+]/g, '')}`}
                        className="-mx-2 flex min-h-12 items-center gap-3 rounded-lg px-2 py-1 hover:bg-surface-2"
                      >
                        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600/10 text-brand-600">
                          <Phone className="h-4 w-4" aria-hidden="true" />
                        </span>
                        <span className="min-w-0 flex-1">
                          <span className="block truncate text-sm font-medium">{hotline.label}</span>
                          <span className="block font-mono text-sm text-ink-soft">{formatPhoneForDisplay(hotline.number)}</span>
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <Link to="/Tanodevaluation" className="card flex min-h-16 items-center gap-3 hover:border-brand-600">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-amber-400/20 text-amber-600 dark:text-amber-300">
                <Star className="h-5 w-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">
                  <Trans>Rate our tanods</Trans>
                </span>
                <span className="block text-sm text-muted">
                  <Trans>Tell us how they did. It helps them serve you better.</Trans>
                </span>
              </span>
              <ChevronRight className="h-5 w-5 shrink-0 text-muted" aria-hidden="true" />
            </Link>
          </div>
          {!resident && <ResidentSignInCard onSignedIn={() => setJustSignedIn(true)} />}
        </div>

        <footer className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-line pt-4 text-sm text-muted">
          <span>
            <Trans>Tanod or barangay staff?</Trans>
          </span>
          <Link to="/tanod-login" className="btn btn-ghost -ml-2 px-2 text-brand-600">
            <Trans>Staff sign-in</Trans>
          </Link>
        </footer>
      </div>
    </PublicShell>
  );
}
