import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CurrentUser, UserType } from '@bantay/shared';
import { api, ApiError } from './api-client.ts';
import type { SessionStatus } from './guard.ts';
import { isPublicPath } from './public-routes.ts';
import { storage, storedUserType } from './storage.ts';
import { notify } from './toast.ts';

/** Brief §9: the logging-in flag clears after 1000 ms. */
const LOGGING_IN_FLAG_MS = 1000;

interface SessionContextValue {
  status: SessionStatus;
  userType: UserType | null;
  user: CurrentUser | null;
  login(input: { token: string; userType?: UserType; userId?: string }): Promise<boolean>;
  logout(): Promise<void>;
  /** Re-reads the current user (after a profile change, for example). */
  refresh(): Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** The session of brief §4: checked on start and on every path change, except on public routes. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<SessionStatus>(() =>
    isPublicPath(location.pathname) ? 'unauthenticated' : storage.get('token') ? 'loading' : 'unauthenticated',
  );
  const [userType, setUserType] = useState<UserType | null>(storedUserType);
  const [user, setUser] = useState<CurrentUser | null>(null);
  const checkSeq = useRef(0);

  // Arriving on a protected page from a public one (where no check ran) must wait for the check,
  // not redirect: adjust the state during render, before the guard sees it.
  const [seenPath, setSeenPath] = useState(location.pathname);
  if (seenPath !== location.pathname) {
    setSeenPath(location.pathname);
    const willCheck = !storage.get('isCurrentlyLoggingIn') && !isPublicPath(location.pathname);
    if (status === 'unauthenticated' && willCheck && storage.get('token')) setStatus('loading');
  }

  const clearLocal = useCallback(() => {
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
        setUser(me);
        setUserType(me.userType);
        setStatus('authenticated');
      } catch (error) {
        if (seq !== checkSeq.current) return;
        const onPublic = isPublicPath(pathname);
        if (error instanceof ApiError && error.status === 401) {
          clearLocal();
          if (!onPublic) notify.error('Session expired. Please log in again.');
        } else {
          // A network failure is not a sign-out: keep the token and let the guard decide.
          setStatus('unauthenticated');
          if (!onPublic) notify.error('Error fetching user data');
        }
      }
    },
    [clearLocal],
  );

  useEffect(() => {
    if (storage.get('isCurrentlyLoggingIn')) return;
    if (isPublicPath(location.pathname)) return;
    // checkSession sets state only after awaiting the network, never synchronously in this effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void checkSession(location.pathname);
  }, [location.pathname, checkSession]);

  const login = useCallback<SessionContextValue['login']>(
    async ({ token, userType: type, userId }) => {
      try {
        storage.set('isCurrentlyLoggingIn', 'true');
        storage.set('token', token);
        if (type) storage.set('userType', type);
        if (userId) storage.set('userId', userId);
        if (type) setUserType(type);
        setStatus('authenticated');
        await checkSession(location.pathname);
        window.setTimeout(() => storage.remove('isCurrentlyLoggingIn'), LOGGING_IN_FLAG_MS);
        return true;
      } catch (error) {
        console.error(error);
        storage.remove('isCurrentlyLoggingIn');
        notify.error('Error during login process. Please try again.');
        return false;
      }
    },
    [checkSession, location.pathname],
  );

  const logout = useCallback(async () => {
    // Forget the token before the server ends the session: the live socket it closes then finds
    // no session to re-check, so a deliberate log out never reads as an expired one.
    const token = storage.get('token');
    storage.remove('token');
    try {
      if (token) await api('/api/auth/logout', { method: 'POST', token });
    } catch (error) {
      // The local session ends anyway: a user who pressed Log Out must not stay signed in here.
      if (!(error instanceof ApiError && error.status === 401)) notify.error('Error logging out');
    }
    clearLocal();
    navigate('/tanod-login');
  }, [clearLocal, navigate]);

  const refresh = useCallback(() => checkSession(location.pathname), [checkSession, location.pathname]);

  const value = useMemo(
    () => ({ status, userType, user, login, logout, refresh }),
    [status, userType, user, login, logout, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession outside SessionProvider');
  return context;
}
