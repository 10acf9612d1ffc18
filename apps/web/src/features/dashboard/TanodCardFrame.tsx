import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ChevronRight, type LucideIcon } from 'lucide-react';
import { Trans } from '@lingui/react/macro';

interface TanodCardFrameProps {
  title: string;
  icon: LucideIcon;
  /** A link to the page with the whole story (the patrol map, /Equipments, /Performance). */
  more?: { to: string; label: string };
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** The frame every tanod dashboard card shares: a titled section with an optional link. */
export function TanodCardFrame({ title, icon: Icon, more, className = '', testId, children }: TanodCardFrameProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`card flex min-w-0 flex-col ${className}`} data-testid={testId}>
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-lg font-semibold">
        <Icon className="h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
        {title}
      </h2>
      <div className="flex-1">{children}</div>
      {more && (
        // At the foot, so the title has the card's whole width on a narrow column.
        <Link to={more.to} className="mt-3 inline-flex items-center self-start text-sm font-medium text-brand-600 underline">
          {more.label} <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      )}
    </section>
  );
}

/** What a card shows while the dashboard loads or when it failed. */
export function TanodCardState({ isLoading, isError, onRetry }: { isLoading: boolean; isError: boolean; onRetry(): void }) {
  if (isLoading)
    return (
      <p className="text-sm text-muted">
        <Trans>Loading…</Trans>
      </p>
    );
  if (!isError) return null;
  return (
    <div role="alert" className="text-sm">
      <p className="mb-2">
        <Trans>This could not be loaded.</Trans>
      </p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
