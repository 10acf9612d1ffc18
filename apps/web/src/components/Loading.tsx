import { useLingui } from '@lingui/react/macro';

interface LoadingProps {
  variant?: 'spinner' | 'bar' | 'pulse';
  label?: string;
  /** Fill the main area and centre the indicator. */
  fullArea?: boolean;
}

/** The brief's loading indicator: spinner (default), bar and pulse variants. */
export function Loading({ variant = 'spinner', label, fullArea = false }: LoadingProps) {
  const { t } = useLingui();
  const indicator =
    variant === 'bar' ? (
      <div className="loading-bar" aria-hidden="true">
        <div />
      </div>
    ) : variant === 'pulse' ? (
      <div className="flex gap-1.5" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <span key={i} className="loading-pulse-dot" style={{ animationDelay: `${i * 160}ms` }} />
        ))}
      </div>
    ) : (
      <div className="loading-spinner" aria-hidden="true" />
    );
  return (
    <div
      role="status"
      aria-live="polite"
      className={fullArea ? 'flex min-h-[40vh] w-full items-center justify-center' : 'inline-flex items-center'}
    >
      {indicator}
      <span className="sr-only">{label ?? t`Loading…`}</span>
    </div>
  );
}
