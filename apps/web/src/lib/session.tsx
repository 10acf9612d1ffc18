import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { t } from '@lingui/core/macro';
import type { CurrentUser, UserType } from '@bantay/shared';
import { api, ApiError } from './api-client.ts';
import type { SessionStatus } from './guard.ts';
import { isPublicPath } from './public-routes.ts';
import { resumePushAlerts } from './push-record.ts';
import { forgetKeptPages, keepUser, keptUser } from './staff-cache.ts';
import { loggingInFlag, LOGGING_IN_FLAG_MS, STORAGE_KEYS, storage, storedUserType, userIdFromToken } from './storage.ts';
import { notify } from './toast.ts';

interface SessionContextValue {
  status: SessionStatus;
  userType: UserType | null;
  user: CurrentUser | null;
  /** The user logged out (here or in another tab): the guard then saves no page to come back to. */
  loggedOut: boolean;
  /**
   * The page was loaded with no connection and shows the account and data this phone kept
   * (lib/staff-cache.ts): the server checks the session as soon as the connection returns.
   */
  unchecked: boolean;
  login(input: { token: string; userType?: UserType; userId?: string }): Promise<boolean>;
  logout(): Promise<void>;
  /** Re-reads the current user (after a profile change, for example). */
  refresh(): Promise<void>;
}

/** The account this phone kept for the token's user, if any (lib/staff-cache.ts). */
async function keptUserOf(token: string): Promise<CurrentUser | null> {
  const userId = userIdFromToken(token);
  return userId ? keptUser(userId) : null;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** The session of docs/product.md §A4: checked on start and on every path change, except on public routes. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [path, navigate] = useLocation();
  const [status, setStatus] = useState<SessionStatus>(() =>
    isPublicPath(path) ? 'unauthenticated' : storage.get('token') ? 'loading' : 'unauthenticated',
  );
  const [userType, setUserType] = useState<UserType | null>(storedUserType);
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [loggedOut, setLoggedOut] = useState(false);
  const [unchecked, setUnchecked] = useState(false);
  const checkSeq = useRef(0);
  /** The token the server accepted in this page load: a check that cannot reach the server keeps it. */
  const verifiedToken = useRef<string | null>(null);

  // Arriving on a protected page from a public one (where no check ran) must wait for the check,
  // not redirect: adjust the state during render, before the guard sees it.
  const [seenPath, setSeenPath] = useState(path);
  if (seenPath !== path) {
    setSeenPath(path);
    // A log out counts until it has led away from the page it happened on.
    if (loggedOut) setLoggedOut(false);
    const willCheck = !loggingInFlag.isSet() && !isPublicPath(path);
    if (status === 'unauthenticated' && willCheck && storage.get('token')) setStatus('loading');
  }

  const clearLocal = useCallback(() => {
    verifiedToken.current = null;
    setUnchecked(false);
    void forgetKeptPages();
    storage.remove('token', 'userType', 'isTracking');
    setUser(null);
    setUserType(null);
    setStatus('unauthenticated');
  }, []);

  const checkSession = useCallback(
    async (pathname: string) => {
      const seq = ++checkSeq.current;
      const token = storage.get('token');
      try {
        const me = token ? await api<CurrentUser>('/api/auth/me', { token }) : await Promise.resolve(null);
        if (seq !== checkSeq.current) return;
        if (!me) {
          setStatus('unauthenticated');
          return;
        }
        storage.set('userType', me.userType);
        verifiedToken.current = token;
        setUnchecked(false);
        // Kept for a reload with no connection (lib/staff-cache.ts); residents' pages are public ones.
        if (me.userType !== 'resident') void keepUser(me).catch(() => undefined);
        // Alerts this person had here before their last session ended come back (lib/push-record.ts).
        if (token) resumePushAlerts(me._id, token);
        setLoggedOut(false);
        setUser(me);
        setUserType(me.userType);
        setStatus('authenticated');
      } catch (error) {
        if (seq !== checkSeq.current) return;
        const onPublic = isPublicPath(pathname);
        if (error instanceof ApiError && error.isNetwork && token !== null && token === verifiedToken.current) {
          // Offline after the server accepted this session in this page load: the staff page stays
          // with the data it had (its queries wait for the connection) under the offline banner,
          // instead of being sent to a sign-in page that cannot load (decision 020).
          return;
        }
        const kept = error instanceof ApiError && error.isNetwork && token && !onPublic ? await keptUserOf(token) : null;
        if (seq !== checkSeq.current) return;
        if (kept) {
          // Reloaded with no connection: the page shows what this phone kept of this account, under
          // the offline banner, and the session is checked when the connection returns (below).
          setUser(kept);
          setUserType(kept.userType);
          setUnchecked(true);
          setStatus('authenticated');
          return;
        }
        if (error instanceof ApiError && error.status === 401) {
          clearLocal();
          if (!onPublic) notify.error(t`Session expired. Please log in again.`);
        } else {
          // A network failure is not a sign-out: keep the token and let the guard decide.
          setStatus('unauthenticated');
          if (!onPublic) notify.error(t`Error fetching user data`);
        }
      }
    },
    [clearLocal],
  );

  useEffect(() => {
    if (loggingInFlag.isSet()) return;
    if (isPublicPath(path)) return;
    // checkSession sets state only after awaiting the network, never synchronously in this effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void checkSession(path);
  }, [path, checkSession]);

  const login = useCallback<SessionContextValue['login']>(
    async ({ token, userType: type, userId }) => {
      try {
        loggingInFlag.set();
        storage.set('token', token);
        if (type) storage.set('userType', type);
        if (userId) storage.set('userId', userId);
        if (type) setUserType(type);
        setLoggedOut(false);
        setStatus('authenticated');
        await checkSession(path);
        window.setTimeout(() => loggingInFlag.clear(), LOGGING_IN_FLAG_MS);
        return true;
      } catch (error) {
        console.error(error);
        loggingInFlag.clear();
        notify.error(t`Error during login process. Please try again.`);
        return false;
      }
    },
    [checkSession, path],
  );

  const logout = useCallback(async () => {
    // Forget the token before the server ends the session: the live socket it closes then finds
    // no session to re-check, so a deliberate log out never reads as an expired one.
    const token = storage.get('token');
    storage.remove('token');
    setLoggedOut(true);
    void forgetKeptPages();
    try {
      // This browser's push alerts end with the session (lib/push-session.ts).
      await import('./push-session.ts').then(({ endPushOnThisBrowser }) => endPushOnThisBrowser(token));
    } catch {
      // The code could not be fetched (offline): the sign-out goes on; the alerts end at the next sign-in here.
    }
    try {
      if (token) await api('/api/auth/logout', { method: 'POST', token });
    } catch (error) {
      // The local session ends anyway: a user who pressed Log Out must not stay signed in here.
      if (!(error instanceof ApiError && error.status === 401)) notify.error(t`Error logging out`);
    }
    clearLocal();
    navigate('/tanod-login');
  }, [clearLocal, navigate]);

  // Every tab shares the stored token, so every tab follows a log out, an expiry or a sign-in as
  // someone else made in another one. The browser's `storage` event reports changes
  // made by other tabs only. Dropping to 'loading' unmounts the staff layout (the guard shows
  // nothing while loading), and with it the query cache and socket of the previous user.
  const pathRef = useRef(path);
  useEffect(() => {
    pathRef.current = path;
  }, [path]);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.token) return;
      const pathname = pathRef.current;
      checkSeq.current++;
      setUser(null);
      if (!storage.get('token')) {
        setLoggedOut(true);
        setUserType(null);
        setStatus('unauthenticated');
        if (!isPublicPath(pathname)) navigate('/tanod-login', { replace: true });
        return;
      }
      setUserType(null);
      if (isPublicPath(pathname)) return;
      setStatus('loading');
      void checkSession(pathname);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [checkSession, navigate]);

  // The connection is back: the session shown from this phone's copy is checked now; a refusal
  // signs out as ever.
  useEffect(() => {
    if (!unchecked) return;
    const check = () => void checkSession(pathRef.current);
    window.addEventListener('online', check);
    return () => window.removeEventListener('online', check);
  }, [unchecked, checkSession]);

  const refresh = useCallback(() => checkSession(path), [checkSession, path]);

  const value = useMemo(
    () => ({ status, userType, user, loggedOut, unchecked, login, logout, refresh }),
    [status, userType, user, loggedOut, unchecked, login, logout, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession outside SessionProvider');
  return context;
}
