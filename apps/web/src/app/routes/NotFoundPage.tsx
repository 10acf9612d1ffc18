import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { BrandMark } from '@/components/BrandMark.tsx';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-canvas p-6 text-center text-ink">
      <BrandMark className="h-14 w-14" />
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-600">404</p>
      <h1 className="text-2xl font-bold">
        <Trans>Page not found</Trans>
      </h1>
      <p className="max-w-sm text-muted">
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <Link to="/" className="btn btn-primary">
        <Trans>Go to the home page</Trans>
      </Link>
    </main>
  );
}
