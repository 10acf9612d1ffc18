import { WifiOff } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { useRealtime } from '@/lib/realtime.tsx';
import { useSession } from '@/lib/session.tsx';
import { useOnline } from '@/lib/use-online.ts';

/**
 * Staff pages say plainly when they are cut off: while the browser is offline or the
 * live connection to the server is lost, and gone as soon as both are back. A page reloaded with
 * no connection shows what this phone kept (lib/staff-cache.ts), and says that too.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { lost } = useRealtime();
  const { unchecked } = useSession();
  if (online && !lost && !unchecked) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="flex items-center gap-2 border-b border-amber-300 bg-amber-100 px-4 py-2 text-sm font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        <Trans>You are offline. Messages you send will go out when the connection returns.</Trans>
        {unchecked && (
          <span className="block font-normal">
            <Trans>You see what this phone saved when you were last online. Your sign-in is checked when the connection returns.</Trans>
          </span>
        )}
      </span>
    </div>
  );
}
