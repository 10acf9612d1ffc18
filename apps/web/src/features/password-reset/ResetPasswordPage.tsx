import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { useForm, useWatch } from 'react-hook-form';
import { LinkIcon } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/form/TextField.tsx';
import { PasswordStrengthMeter } from '@/components/form/PasswordStrengthMeter.tsx';
import { Loading } from '@/components/Loading.tsx';
import { api, ApiError } from '@/lib/api-client.ts';
import { newPasswordProblem } from '@/lib/password-strength.ts';
import { notify } from '@/lib/toast.ts';
import { ResetFrame } from './ResetFrame.tsx';
import { FormAlert } from '@/components/FormAlert.tsx';

interface Values {
  password: string;
  confirm: string;
}

type LinkState = 'checking' | 'valid' | 'dead' | 'unreachable';

/**
 * /reset-password/{token}: the link from the email. The token is checked first, so a used or
 * expired link says so at once instead of after the user has typed a password.
 */
export default function ResetPasswordPage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const [, navigate] = useLocation();
  const [linkState, setLinkState] = useState<LinkState>('checking');
  const [attempt, setAttempt] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { password: '', confirm: '' } });
  const password = useWatch({ control, name: 'password' });

  useEffect(() => {
    const controller = new AbortController();
    api<{ valid: boolean }>('/api/auth/reset-password/check', { method: 'POST', body: { token }, token: null, signal: controller.signal })
      .then((result) => setLinkState(result.valid ? 'valid' : 'dead'))
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        setLinkState(error instanceof ApiError && error.status === 400 ? 'dead' : 'unreachable');
      });
    return () => controller.abort();
  }, [token, attempt]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await api<{ ok: true }>('/api/auth/reset-password', { method: 'POST', body: { token, password: values.password }, token: null });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_RESET_TOKEN') {
        setLinkState('dead');
        return;
      }
      if (error instanceof ApiError && !error.isNetwork && error.status < 500) {
        const field = error.fields.find((item) => item.field === 'password');
        if (field) setError('password', { message: field.message });
        else setFormError(error.message);
        return;
      }
      setFormError(error instanceof ApiError && error.isNetwork ? error.message : t`Something went wrong. Please try again.`);
      return;
    }
    notify.success(t`Your password has been changed. Sign in with your new password.`);
    navigate('/tanod-login', { replace: true });
  });

  const title = t`Set a new password`;

  if (linkState === 'checking') {
    return (
      <ResetFrame title={title}>
        <div className="card flex justify-center">
          <Loading label={t`Checking your link…`} />
        </div>
      </ResetFrame>
    );
  }

  if (linkState === 'dead') {
    return (
      <ResetFrame title={title}>
        <div className="card flex flex-col items-center gap-3 text-center" role="alert">
          <LinkIcon className="h-10 w-10 text-danger" aria-hidden="true" />
          <h2 className="text-lg font-semibold">
            <Trans>This link no longer works</Trans>
          </h2>
          <p className="text-sm text-ink-soft">
            <Trans>Reset links work once, for 1 hour. This one has expired, was already used, or is incomplete.</Trans>
          </p>
          <Link to="/forgot-password" className="btn btn-primary w-full">
            <Trans>Ask for a new link</Trans>
          </Link>
        </div>
      </ResetFrame>
    );
  }

  if (linkState === 'unreachable') {
    return (
      <ResetFrame title={title}>
        <div className="card flex flex-col items-center gap-3 text-center" role="alert">
          <p className="text-sm text-ink-soft">
            <Trans>We could not check your link. Check your connection and try again.</Trans>
          </p>
          <button
            type="button"
            className="btn btn-secondary w-full"
            onClick={() => {
              setLinkState('checking');
              setAttempt((value) => value + 1);
            }}
          >
            <Trans>Try again</Trans>
          </button>
        </div>
      </ResetFrame>
    );
  }

  return (
    <ResetFrame title={title}>
      <form onSubmit={onSubmit} noValidate className="card flex flex-col gap-4">
        <p className="text-sm text-ink-soft">
          <Trans>Choose a new password for your staff account. You will be signed out everywhere.</Trans>
        </p>
        <FormAlert message={formError} />
        <div>
          <TextField
            label={t`New password`}
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password', { validate: (value) => newPasswordProblem(value) ?? true })}
          />
          <PasswordStrengthMeter password={password} />
        </div>
        <TextField
          label={t`Confirm new password`}
          type="password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...register('confirm', {
            validate: (value, all) => (value === '' ? t`Confirm your new password` : value === all.password || t`The passwords do not match`),
          })}
        />
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? t`Saving…` : t`Set new password`}
        </button>
      </form>
    </ResetFrame>
  );
}
