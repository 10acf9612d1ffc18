import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Trans } from '@lingui/react/macro';

interface ErrorScreenProps {
  /** A newer version was deployed: the only fix is to load it. */
  newVersion: boolean;
  /** Fill the whole window (the app itself failed) rather than the page area beside the layout. */
  fullPage?: boolean;
  onRetry(): void;
}

/**
 * The app's own error screen, shown by the route error boundaries instead of React
 * Router's developer page. It lives in the main bundle, so it can show when nothing else loads.
 */
export function ErrorScreen({ newVersion, fullPage = false, onRetry }: ErrorScreenProps) {
  const reload = () => window.location.reload();
  return (
    <div
      role="alert"
      data-testid="error-screen"
      className={`flex flex-col items-center justify-center gap-4 bg-canvas p-6 text-center text-ink ${fullPage ? 'min-h-dvh' : 'min-h-[50vh]'}`}
    >
      {newVersion ? (
        <>
          <RefreshCw className="h-10 w-10 text-brand-600" aria-hidden="true" />
          <h1 className="text-xl font-bold">
            <Trans>A new version of Bantay is available</Trans>
          </h1>
          <p className="max-w-sm text-muted">
            <Trans>Reload to start using it. Messages waiting to be sent are kept.</Trans>
          </p>
          <button type="button" className="btn btn-primary" onClick={reload}>
            <Trans>Reload to update</Trans>
          </button>
        </>
      ) : (
        <>
          <TriangleAlert className="h-10 w-10 text-danger" aria-hidden="true" />
          <h1 className="text-xl font-bold">
            <Trans>This page could not be shown</Trans>
          </h1>
          <p className="max-w-sm text-muted">
            <Trans>Check your connection, then try again.</Trans>
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              <Trans>Retry</Trans>
            </button>
            <button type="button" className="btn btn-secondary" onClick={reload}>
              <Trans>Reload</Trans>
            </button>
          </div>
        </>
      )}
    </div>
  );
}
