import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { Monitor, Smartphone } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountSession } from '@bantay/shared';
import { Loading } from '@/components/Loading.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { endSession, SESSIONS_KEY, useAccountSessions } from './account-api.ts';
import { describeUserAgent } from '@/lib/user-agent.ts';
import { dateLocale } from '@/lib/zoned-time.ts';


/** The signed-in user's live sessions, with Sign out for each other one (asked first). */
export function SessionsList() {
  const { t } = useLingui();
  const query = useAccountSessions();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<string | null>(null);
  const [ending, setEnding] = useState<string | null>(null);

  async function signOut(id: string) {
    setEnding(id);
    try {
      await endSession(id);
      notify.success(t`The session was signed out`);
    } catch (error) {
      // Already gone (it expired or was ended elsewhere) is what the user wanted anyway.
      if (!(error instanceof ApiError && error.status === 404)) notify.error(t`Error signing out the session. Please try again.`);
    } finally {
      setEnding(null);
      setAsking(null);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    }
  }

  /** "Active now", or how long ago the session was last used ("Last active 5 minutes ago"). */
  const lastSeen = (session: AccountSession): string => {
    if (session.current) return t`Active now`;
    const ago = formatDistanceToNow(new Date(session.lastSeenAt), { addSuffix: true, locale: dateLocale() });
    return t`Last active ${ago}`;
  };

  if (query.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Loading label={t`Loading sessions…`} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 py-2">
        <p className="text-sm text-danger">
          <Trans>Error loading your sessions.</Trans>
        </p>
        <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  const sessions = [...query.data].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  if (sessions.length === 0)
    return (
      <p className="py-2 text-sm text-muted">
        <Trans>No active sessions.</Trans>
      </p>
    );

  return (
    <ul className="flex flex-col divide-y divide-line" aria-label={t`Active sessions`}>
      {sessions.map((session) => {
        const device = describeUserAgent(session.userAgent);
        const mobile = /Android|iPhone|iPad/.test(session.userAgent ?? '');
        const Icon = mobile ? Smartphone : Monitor;
        const ip = session.ip;
        const address = ip ?? t`Unknown address`;
        return (
          <li key={session._id} className="flex flex-wrap items-center gap-3 py-3" data-testid="session-row">
            <Icon className="h-5 w-5 shrink-0 text-muted" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium" title={session.userAgent ?? undefined}>
                {device}
                {session.current && (
                  <span className="rounded-full bg-brand-600/10 px-2 py-0.5 text-xs font-semibold text-brand-600">
                    <Trans>This device</Trans>
                  </span>
                )}
              </p>
              <p className="text-xs text-muted">
                {address} · {lastSeen(session)}
              </p>
            </div>
            {!session.current &&
              (asking === session._id ? (
                <div className="flex w-full items-center justify-end gap-2 sm:w-auto" role="group" aria-label={t`Sign out ${device}?`}>
                  <span className="text-sm">
                    <Trans>Sign out?</Trans>
                  </span>
                  <button type="button" className="btn btn-secondary min-h-9 px-3" disabled={ending !== null} onClick={() => setAsking(null)}>
                    <Trans>Cancel</Trans>
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger min-h-9 px-3"
                    disabled={ending !== null}
                    autoFocus
                    onClick={() => void signOut(session._id)}
                  >
                    {ending === session._id ? t`Signing out…` : t`Confirm`}
                  </button>
                </div>
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary min-h-9 px-3"
                  aria-label={ip ? t`Sign out ${device}, ${ip}` : t`Sign out ${device}, unknown address`}
                  onClick={() => setAsking(session._id)}
                >
                  <Trans>Sign out</Trans>
                </button>
              ))}
          </li>
        );
      })}
    </ul>
  );
}
