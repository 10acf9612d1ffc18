import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorScreen } from '@/components/ErrorScreen.tsx';
import { isNewVersionError, retryFailedChunks } from '@/lib/chunks.ts';

/**
 * The error screen of every route, shown by its RouteBoundary. Inside the staff layout
 * it fills the page area, so the top bar, side navigation and Log Out stay usable; at the root it
 * fills the window.
 */
export function RouteError({ error, fullPage = false }: { error: unknown; fullPage?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
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

  // Navigating to the same address gives a new location (a new key), which resets the boundary
  // and renders the page again (a failed chunk is fetched anew).
  const retry = () => {
    retryFailedChunks();
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true });
  };
  return <ErrorScreen newVersion={newVersion} fullPage={fullPage} onRetry={retry} />;
}
