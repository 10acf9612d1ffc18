import { Suspense, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { AccountPage } from '@/features/account/AccountPage.tsx';
import { Loading } from '@/components/Loading.tsx';
import { lazyWithRetry } from '@/components/lazy-page.tsx';
import { PieceBoundary, PieceUnavailable } from '@/components/PieceBoundary.tsx';
import { TwoFactorDialogHost } from '@/features/two-factor/TwoFactorDialogHost.tsx';
import RolePage from './RolePage.tsx';

// Push alerts are their own chunk: the account page shows at once, the alerts follow.
const PushAlertsSection = lazyWithRetry(() => import('@/features/push/PushAlertsSection.tsx'));

function Alerts() {
  const { t } = useLingui();
  return (
    <PieceBoundary fallback={(retry) => <PieceUnavailable retry={retry} />}>
      <Suspense
        fallback={
          <div className="card flex justify-center py-8">
            <Loading label={t`Loading your alerts…`} />
          </div>
        }
      >
        <PushAlertsSection audience="staff" />
      </Suspense>
    </PieceBoundary>
  );
}

/** /myaccount: the account feature inside the staff page frame, with the two-factor dialog and push alerts. */
export default function MyAccountPage() {
  const { t } = useLingui();
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  return (
    <RolePage title={t`My Account`}>
      <AccountPage onOpenTwoFactor={() => setTwoFactorOpen(true)} alerts={<Alerts />} />
      <TwoFactorDialogHost open={twoFactorOpen} onClose={() => setTwoFactorOpen(false)} />
    </RolePage>
  );
}
