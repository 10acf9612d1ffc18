import type { ReactNode } from 'react';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '@/lib/session.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { HomeLocationForm } from './HomeLocationForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { ProfilePhotoCard } from './ProfilePhotoCard.tsx';
import { SessionsList } from './SessionsList.tsx';

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

interface AccountPageProps {
  /** Opens the two-factor dialog (it belongs to the two-factor feature; the route passes it in). */
  onOpenTwoFactor(): void;
  /** The push alerts section (the push feature's; the route passes it in). */
  alerts?: ReactNode;
}

/** /myaccount: photo and profile, two-factor, alerts, password, sessions; a resident's home. */
export function AccountPage({ onOpenTwoFactor, alerts }: AccountPageProps) {
  const { t } = useLingui();
  const { user, userType } = useSession();
  const twoFactorOn = user?.twoFactorEnabled ?? false;
  const phoneNumber = user?.phoneNumber;
  if (userType === 'resident') {
    // A resident's account is kept on the public pages (sign-up, PIN); here they set their home,
    // where a text or a missed call from their number is placed (docs/decisions/032-the-text-line.md).
    return (
      <div className="max-w-2xl">
        <Section
          id="account-home"
          title={t`Your home`}
          description={t`Where a text or a missed call from your number to the barangay phone brings the tanods, even without mobile data.`}
        >
          <HomeLocationForm />
        </Section>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {user?.mustChangePassword && (
        <div role="alert" className="rounded-xl border border-amber-500/60 bg-amber-500/10 px-4 py-3 text-sm" data-testid="must-change-password">
          <Trans>
            <strong>Choose your own password.</strong> You signed in with a one-time password from your administrator. Set a new
            password under{' '}
            <a href="#account-password" className="font-semibold underline">
              Change password
            </a>{' '}
            to continue.
          </Trans>
        </div>
      )}
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-6">
        <Section id="account-profile" title={t`Profile`} description={t`How other staff see you, and how the barangay reaches you.`}>
          <div className="flex flex-col gap-6">
            <ProfilePhotoCard />
            <ProfileForm />
          </div>
        </Section>
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <Section id="account-two-factor" title={t`Two-factor authentication`}>
          <div className="flex flex-wrap items-center gap-3">
            {twoFactorOn ? (
              <ShieldCheck className="h-6 w-6 shrink-0 text-success" aria-hidden="true" />
            ) : (
              <ShieldOff className="h-6 w-6 shrink-0 text-muted" aria-hidden="true" />
            )}
            <p className="min-w-0 flex-1 text-sm" data-testid="account-two-factor-state">
              {twoFactorOn ? (
                <Trans>
                  <strong>On.</strong> Signing in asks for a code sent to {phoneNumber}.
                </Trans>
              ) : (
                <Trans>
                  <strong>Off.</strong> Add a code sent to your phone to every sign-in.
                </Trans>
              )}
            </p>
            <button type="button" className="btn btn-secondary" onClick={onOpenTwoFactor}>
              {twoFactorOn ? t`Manage` : t`Set up`}
            </button>
          </div>
        </Section>
        {alerts}
        <Section id="account-password" title={t`Change password`}>
          <ChangePasswordForm />
        </Section>
        <Section id="account-sessions" title={t`Where you are signed in`} description={t`Sign out any device you do not recognise.`}>
          <SessionsList />
        </Section>
      </div>
    </div>
    </div>
  );
}
