import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { Monitor, Smartphone } from 'lucide-react';
import type { AccountSession } from '@bantay/shared';
import { Loading } from '@/components/Loading.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { endSession, SESSIONS_KEY, useAccountSessions } from './account-api.ts';
import { describeUserAgent } from '@/lib/user-agent.ts';

function lastSeen(session: AccountSession): string {
  if (session.current) return 'Active now';
  return `Last active ${formatDistanceToNow(new Date(session.lastSeenAt), { addSuffix: true })}`;
}

/** The signed-in user's live sessions, with Sign out for each other one (asked first). */
export function SessionsList() {
  const query = useAccountSessions();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<string | null>(null);
  const [ending, setEnding] = useState<string | null>(null);

  async function signOut(id: string) {
    setEnding(id);
    try {
      await endSession(id);
      notify.success('The session was signed out');
    } catch (error) {
      // Already gone (it expired or was ended elsewhere) is what the user wanted anyway.
      if (!(error instanceof ApiError && error.status === 404)) notify.error('Error signing out the session. Please try again.');
    } finally {
      setEnding(null);
      setAsking(null);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    }
  }

  if (query.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Loading label="Loading sessions…" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 py-2">
        <p className="text-sm text-danger">Error loading your sessions.</p>
        <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const sessions = [...query.data].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  if (sessions.length === 0) return <p className="py-2 text-sm text-muted">No active sessions.</p>;

  return (
    <ul className="flex flex-col divide-y divide-line" aria-label="Active sessions">
      {sessions.map((session) => {
        const device = describeUserAgent(session.userAgent);
        const mobile = /Android|iPhone|iPad/.test(session.userAgent ?? '');
        const Icon = mobile ? Smartphone : Monitor;
        return (
          <li key={session._id} className="flex flex-wrap items-center gap-3 py-3" data-testid="session-row">
            <Icon className="h-5 w-5 shrink-0 text-muted" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium" title={session.userAgent ?? undefined}>
                {device}
                {session.current && (
                  <span className="rounded-full bg-brand-600/10 px-2 py-0.5 text-xs font-semibold text-brand-600">This device</span>
                )}
              </p>
              <p className="text-xs text-muted">
                {session.ip ?? 'Unknown address'} · {lastSeen(session)}
              </p>
            </div>
            {!session.current &&
              (asking === session._id ? (
                <div className="flex w-full items-center justify-end gap-2 sm:w-auto" role="group" aria-label={`Sign out ${device}?`}>
                  <span className="text-sm">Sign out?</span>
                  <button type="button" className="btn btn-secondary min-h-9 px-3" disabled={ending !== null} onClick={() => setAsking(null)}>
                    Cancel
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger min-h-9 px-3"
                    disabled={ending !== null}
                    autoFocus
                    onClick={() => void signOut(session._id)}
                  >
                    {ending === session._id ? 'Signing out…' : 'Confirm'}
                  </button>
                </div>
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary min-h-9 px-3"
                  aria-label={`Sign out ${device}, ${session.ip ?? 'unknown address'}`}
                  onClick={() => setAsking(session._id)}
                >
                  Sign out
                </button>
              ))}
          </li>
        );
      })}
    </ul>
  );
}
