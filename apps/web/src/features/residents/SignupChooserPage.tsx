import { Link } from 'wouter';
import { Check, ShieldCheck, UserRound } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ResidentPageFrame } from './ResidentPageFrame.tsx';
import { SIGN_IN_PATH } from './paths.ts';

/**
 * /signup: the sign-up chooser (docs/product.md §2). Residents sign themselves up; staff accounts are
 * created by the barangay admin, so staff are sent to their sign-in instead.
 */
export default function SignupChooserPage() {
  const { t } = useLingui();
  return (
    <ResidentPageFrame title={t`Create an account`} widthClass="max-w-3xl">
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="resident-choice" className="card flex flex-col gap-3">
          <span className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-600/10 text-brand-600">
            <UserRound className="h-6 w-6" aria-hidden="true" />
          </span>
          <h2 id="resident-choice" className="text-lg font-semibold">
            <Trans>I live in the barangay</Trans>
          </h2>
          <p className="text-sm text-ink-soft">
            <Trans>
              Sign up with your mobile number and a 6-digit PIN. Then you can follow your reports, and your contact details are filled
              in when you report.
            </Trans>
          </p>
          <ul className="flex flex-col gap-1.5 text-sm text-ink-soft">
            {[t`Takes about two minutes`, t`We text a code to check your number`, t`Reporting without an account still works`].map((line) => (
              <li key={line} className="flex items-start gap-2">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                {line}
              </li>
            ))}
          </ul>
          <div className="flex-1" />
          <Link to="/resident-signup" className="btn btn-primary w-full">
            <Trans>Sign up as a resident</Trans>
          </Link>
        </section>
        <section aria-labelledby="staff-choice" className="card flex flex-col gap-3">
          <span className="flex h-11 w-11 items-center justify-center rounded-full bg-surface-2 text-ink-soft">
            <ShieldCheck className="h-6 w-6" aria-hidden="true" />
          </span>
          <h2 id="staff-choice" className="text-lg font-semibold">
            <Trans>I am a tanod or barangay staff</Trans>
          </h2>
          <p className="text-sm text-ink-soft">
            <Trans>
              Staff accounts are created by the barangay admin; there is no sign-up for them. Ask your admin for your username and
              password, then sign in.
            </Trans>
          </p>
          <div className="flex-1" />
          <Link to="/tanod-login" className="btn btn-secondary w-full">
            <Trans>Staff sign-in</Trans>
          </Link>
        </section>
      </div>
      <p className="mt-6 text-center text-sm text-muted">
        <Trans>
          Already have a resident account?{' '}
          <Link to={SIGN_IN_PATH} className="inline-flex min-h-11 items-center font-medium text-brand-600 hover:underline">
            Sign in on the home page
          </Link>
        </Trans>
      </p>
    </ResidentPageFrame>
  );
}
