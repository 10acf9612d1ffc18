import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LoginChallenge, LoginSuccess } from '@bantay/shared';
import { api, ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { useResendCountdown } from '@/lib/use-resend-countdown.ts';

interface CodeStepProps {
  challenge: LoginChallenge;
  onSignedIn(result: LoginSuccess): Promise<void>;
  onBack(): void;
}

/** The second sign-in step when 2FA is on: six digits from the SMS, resend after a countdown, back. */
export function CodeStep({ challenge, onSignedIn, onBack }: CodeStepProps) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { secondsLeft, restart: restartCountdown } = useResendCountdown(challenge.resendAfterSeconds);
  const phoneHint = challenge.phoneHint;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code.length !== 6) {
      setError(t`Enter the 6-digit code`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await api<LoginSuccess>('/api/auth/login/verify', {
        method: 'POST',
        body: { challengeId: challenge.challengeId, code },
        token: null,
      });
      await onSignedIn(result);
    } catch (caught) {
      if (caught instanceof ApiError && !caught.isNetwork && caught.status < 500) setError(caught.message);
      else notify.error(t`Error during login process. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setError(null);
    try {
      const sent = await api<{ resendAfterSeconds: number }>('/api/auth/login/resend', {
        method: 'POST',
        body: { challengeId: challenge.challengeId },
        token: null,
      });
      restartCountdown(sent.resendAfterSeconds);
      notify.success(t`Verification code sent to your phone`);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t`Error sending verification code. Please try again.`);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="card flex flex-col gap-4">
      <div>
        <h2 className="text-lg font-semibold">
          <Trans>Enter your verification code</Trans>
        </h2>
        <p className="mt-1 text-sm text-muted">
          <Trans>We sent a 6-digit code by SMS to {phoneHint}.</Trans>
        </p>
      </div>
      <div>
        <label htmlFor="login-code" className="mb-1.5 block text-sm font-medium">
          <Trans>Verification code</Trans>
        </label>
        <input
          id="login-code"
          className="input text-center font-mono text-2xl tracking-[0.5em]"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'login-code-error' : undefined}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          autoFocus
        />
        {error && (
          <p id="login-code-error" role="alert" className="mt-1 text-sm text-danger">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary w-full" disabled={busy || code.length !== 6}>
        {busy ? t`Verifying…` : t`Verify and sign in`}
      </button>
      <div className="flex items-center justify-between text-sm">
        <button type="button" className="btn btn-ghost px-2" onClick={onBack}>
          <Trans>Back</Trans>
        </button>
        <button type="button" className="btn btn-ghost px-2" disabled={secondsLeft > 0} onClick={() => void resend()}>
          {secondsLeft > 0 ? t`Resend code in ${secondsLeft}s` : t`Resend code`}
        </button>
      </div>
    </form>
  );
}
