import { useState } from 'react';
import { AccountPage } from '@/features/account/AccountPage.tsx';
import { TwoFactorDialogHost } from '@/features/two-factor/TwoFactorDialogHost.tsx';
import RolePage from './RolePage.tsx';

/** /myaccount: the account feature inside the staff page frame, with the two-factor dialog. */
export default function MyAccountPage() {
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  return (
    <RolePage title="My Account">
      <AccountPage onOpenTwoFactor={() => setTwoFactorOpen(true)} />
      <TwoFactorDialogHost open={twoFactorOpen} onClose={() => setTwoFactorOpen(false)} />
    </RolePage>
  );
}
