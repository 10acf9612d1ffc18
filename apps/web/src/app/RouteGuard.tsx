import { useEffect, useRef, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { UserType } from '@bantay/shared';
import { decideGuard } from '@/lib/guard.ts';
import { useSession } from '@/lib/session.tsx';
import { loggingInFlag, storage } from '@/lib/storage.ts';
import { notify } from '@/lib/toast.ts';

interface RouteGuardProps {
  allowed: readonly UserType[] | 'any-signed-in';
  children: ReactNode;
}

/** docs/product.md §A4 route guard: renders, waits, sends to sign-in (saving the path) or denies. */
export function RouteGuard({ allowed, children }: RouteGuardProps) {
  const { t } = useLingui();
  const session = useSession();
  const [pathname] = useLocation();
  const search = useSearch();
  const decision = decideGuard({
    status: session.status,
    isLoggingIn: loggingInFlag.isSet(),
    userType: session.userType,
    hasToken: Boolean(storage.get('token')),
    allowed,
  });
  const announced = useRef<string | null>(null);

  useEffect(() => {
    const key = `${decision.kind}:${pathname}`;
    if (announced.current === key) return;
    announced.current = key;
    if (decision.kind === 'login') {
      // After a log out there is nothing to come back to: the next person to sign in starts at home.
      if (!session.loggedOut) storage.set('redirectAfterLogin', search ? `${pathname}?${search}` : pathname);
      if (decision.toast === 'expired') notify.error(t`Your session has expired. Please login again.`);
    } else if (decision.kind === 'deny') {
      notify.error(t`You do not have permission to access this page`);
    }
  }, [decision, pathname, search, session.loggedOut, t]);

  switch (decision.kind) {
    case 'wait':
      return null;
    case 'render':
      return <>{children}</>;
    case 'login':
      return <Redirect to="/tanod-login" replace />;
    case 'deny':
      return <Redirect to={decision.redirectTo} replace />;
  }
}
