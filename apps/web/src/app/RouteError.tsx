import { useEffect, useState } from 'react';
import { ErrorScreen } from '@/components/ErrorScreen.tsx';
import { isNewVersionError } from '@/lib/chunks.ts';

/**
 * The error screen of every route, shown by its RouteBoundary. Inside the staff layout
 * it fills the page area, so the top bar, side navigation and Log Out stay usable; at the root it
 * fills the window.
 */
export function RouteError({ error, fullPage = false, onRetry }: { error: unknown; fullPage?: boolean; onRetry(): void }) {
  const [newVersion, setNewVersion] = useState(false);

  useEffect(() => {
    console.error(error);
    let current = true;
    void isNewVersionError(error).then((answer) => {
      if (current) setNewVersion(answer);
    });
    return () => {
      current = false;
    };
  }, [error]);

  return <ErrorScreen newVersion={newVersion} fullPage={fullPage} onRetry={onRetry} />;
}
