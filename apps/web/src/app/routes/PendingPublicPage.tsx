import { Link } from 'react-router';
import { PublicShell } from './PublicShell.tsx';

/**
 * The frame of a public page whose form ships with its own feature (resident accounts, reports,
 * evaluations, password reset). Until then it says plainly what the page is for and where to go.
 */
export default function PendingPublicPage({ title, summary }: { title: string; summary: string }) {
  return (
    <PublicShell>
      <div className="mx-auto w-full max-w-xl px-4 py-10">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-3 text-muted">{summary}</p>
        <p className="mt-6 text-sm text-muted">
          This page is not open yet. For urgent help, call the hotlines on the{' '}
          <Link to="/" className="font-medium text-brand-600 hover:underline">
            home page
          </Link>
          .
        </p>
      </div>
    </PublicShell>
  );
}
