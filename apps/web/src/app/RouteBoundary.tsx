import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from './RouteError.tsx';

interface BoundaryProps {
  fullPage: boolean;
  /** The location's key: a navigation (Retry navigates to the same address) clears the error. */
  resetKey: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { error: unknown; failedAt: string | null }> {
  override state = { error: null as unknown, failedAt: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error, failedAt: null };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; failedAt: string | null }) {
    if (state.failedAt === null && state.error !== null) return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { error: null, failedAt: null };
    return null;
  }

  override render() {
    return this.state.error !== null ? (
      <RouteError error={this.state.error} fullPage={this.props.fullPage} />
    ) : (
      this.props.children
    );
  }
}

/**
 * A route's error boundary, what React Router's `errorElement` was before the app
 * moved to its lighter declarative router (decision 013): a page's failure shows the error screen
 * in the page's place (the whole window, or only the staff layout's page area), and the next
 * navigation, Retry's included, renders the page again.
 */
export function RouteBoundary({ fullPage = false, children }: { fullPage?: boolean; children: ReactNode }) {
  const location = useLocation();
  return (
    <Boundary fullPage={fullPage} resetKey={location.key}>
      {children}
    </Boundary>
  );
}
