import { useEffect, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { useSession } from '@/lib/session.tsx';
import { notify } from '@/lib/toast.ts';

const ACCOUNT_PATH = '/myaccount';

/**
 * An account signed in with a one-time password must choose its own first: the server
 * refuses every other call until then, so every staff page leads to My Account instead.
 */
export function PasswordChangeGate({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { user } = useSession();
  const [pathname] = useLocation();
  const mustChange = Boolean(user?.mustChangePassword) && pathname.toLowerCase() !== ACCOUNT_PATH;
  useEffect(() => {
    if (mustChange) notify.error(t`Choose a new password before you continue`);
  }, [mustChange, t]);
  return mustChange ? <Redirect to={ACCOUNT_PATH} replace /> : <>{children}</>;
}
