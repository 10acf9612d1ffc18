import { Link } from 'react-router';
import { Phone, ShieldAlert, Siren, Star, Ticket } from 'lucide-react';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { PublicShell } from '@/components/PublicShell.tsx';

/** The public front page: what a resident can do without signing in. */
export default function LandingPage() {
  const { data: settings } = usePublicSettings();
  return (
    <PublicShell>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
        <section>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-600">Bantay</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight">{settings?.name ?? 'Your barangay'}</h1>
          <p className="mt-2 text-muted">Report an incident, follow your ticket, and rate our tanods. No account needed.</p>
        </section>
        <section aria-label="Actions" className="grid gap-3 sm:grid-cols-3">
          <Link to="/Reportincidents" className="action-card">
            <ShieldAlert className="h-7 w-7 text-brand-600" aria-hidden="true" />
            <span className="text-lg font-semibold">Report an incident</span>
          </Link>
          <Link to="/Reportincidents?emergency=1" className="action-card action-card-danger">
            <Siren className="h-7 w-7" aria-hidden="true" />
            <span className="text-lg font-semibold">Emergency</span>
          </Link>
          <Link to="/Reportincidents?track=1" className="action-card">
            <Ticket className="h-7 w-7 text-brand-600" aria-hidden="true" />
            <span className="text-lg font-semibold">Track a ticket</span>
          </Link>
        </section>
        <Link to="/Tanodevaluation" className="inline-flex items-center gap-2 font-medium text-brand-600 hover:underline">
          <Star className="h-4 w-4" aria-hidden="true" /> Rate our tanods
        </Link>
        {settings && settings.hotlines.length > 0 && (
          <section aria-labelledby="hotlines" className="card">
            <h2 id="hotlines" className="mb-3 font-semibold">
              Hotlines
            </h2>
            <ul className="grid gap-2 sm:grid-cols-2">
              {settings.hotlines.map((hotline) => (
                <li key={hotline.number}>
                  <a href={`tel:${hotline.number}`} className="flex min-h-11 items-center gap-3 rounded-lg px-2 hover:bg-surface-2">
                    <Phone className="h-4 w-4 text-brand-600" aria-hidden="true" />
                    <span className="flex-1">{hotline.label}</span>
                    <span className="font-mono text-sm text-muted">{hotline.number}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section className="flex flex-wrap items-center gap-3 border-t border-line pt-6 text-sm">
          <Link to="/signup" className="btn btn-ghost">
            Resident sign-up
          </Link>
          <div className="flex-1" />
          <Link to="/tanod-login" className="btn btn-secondary">
            Staff sign-in
          </Link>
        </section>
      </div>
    </PublicShell>
  );
}
