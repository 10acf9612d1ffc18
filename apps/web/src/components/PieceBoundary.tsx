import { Component, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { retryFailedChunks } from '@/lib/chunks.ts';

interface PieceBoundaryProps {
  /** What to show instead of the piece; `retry` renders the piece again (its code fetched anew). */
  fallback(retry: () => void): ReactNode;
  children: ReactNode;
}

/**
 * Keeps a failed piece of a page (a panel or dialog whose code could not be fetched) from taking
 * the page down with it: the piece shows its fallback, the rest stays usable.
 */
export class PieceBoundary extends Component<PieceBoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback(() => {
      retryFailedChunks();
      this.setState({ failed: false });
    });
  }
}

/** The usual fallback: a short note and a Retry button, in the piece's place. */
export function PieceUnavailable({ retry, className = '' }: { retry(): void; className?: string }) {
  return (
    <div role="alert" className={`popover flex flex-col items-start gap-2 p-4 text-sm ${className}`}>
      <p>
        <Trans>This could not be loaded. Check your connection.</Trans>
      </p>
      <button type="button" className="btn btn-secondary" onClick={retry}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}
