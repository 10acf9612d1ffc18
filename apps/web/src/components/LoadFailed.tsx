import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

/**
 * What a panel shows in place of what it could not load: why, and a way to try again (left out
 * when trying again cannot help, say a filter the server refused). `className` places it: padded
 * inside a list's card, bare inside a dialog.
 */
export function LoadFailed({ message, onRetry, className = 'text-sm' }: { message: ReactNode; onRetry?: () => void; className?: string }) {
  return (
    <div role="alert" className={className}>
      <p className="mb-3">{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      )}
    </div>
  );
}
