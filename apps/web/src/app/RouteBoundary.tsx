import { Component, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { retryFailedChunks } from '@/lib/chunks.ts';
import { RouteError } from './RouteError.tsx';

interface BoundaryProps {
  fullPage: boolean;
  /** The address (path and query): moving to another one clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failedAt: string | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown) {
    return { error, failedAt: null };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    if (state.failedAt === null && state.error !== null) return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { error: null, failedAt: null };
    return null;
  }

  /** Retry: the page renders again, a failed chunk fetched anew. */
  retry = () => {
    retryFailedChunks();
    this.setState({ error: null, failedAt: null });
  };

  override render() {
    return this.state.error !== null ? (
      <RouteError error={this.state.error} fullPage={this.props.fullPage} onRetry={this.retry} />
    ) : (
      this.props.children
    );
  }
}

/**
 * A route's error boundary, what React Router's `errorElement` was (decisions 013 and 030): a page's
 * failure shows the error screen in the page's place (the whole window, or only the staff layout's
 * page area); Retry, or a move to another address, renders the page again.
 */
export function RouteBoundary({ fullPage = false, children }: { fullPage?: boolean; children: ReactNode }) {
  const [pathname] = useLocation();
  const search = useSearch();
  return (
    <Boundary fullPage={fullPage} resetKey={`${pathname}?${search}`}>
      {children}
    </Boundary>
  );
}
