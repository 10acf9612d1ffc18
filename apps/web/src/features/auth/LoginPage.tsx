import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useForm } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LoginChallenge, LoginResponse, LoginSuccess } from '@bantay/shared';
import { BrandMark } from '@/components/BrandMark.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { applyAccountLanguage } from '@/lib/account-language.ts';
import { api, ApiError } from '@/lib/api-client.ts';
import { destinationAfterLogin } from '@/lib/navigation.ts';
import { BRAND_NAME, usePublicSettings } from '@/lib/public-settings.ts';
import { useSession } from '@/lib/session.tsx';
import { storage } from '@/lib/storage.ts';
import { notify, preloadToasts } from '@/lib/toast.ts';
import { CodeStep } from './CodeStep.tsx';
import { FormAlert } from '@/components/FormAlert.tsx';

interface Credentials {
  username: string;
  password: string;
}

/**
 * /tanod-login: staff sign in with username (or email) and password, then an SMS code when 2FA
 * is on. The two fields are checked with react-hook-form's own rules rather than the shared zod
 * schema: zod would triple this page's download on a 3G phone, and the server checks anyway.
 */
export default function LoginPage() {
  const { t } = useLingui();
  const { data: settings } = usePublicSettings();
  const session = useSession();
  const [, navigate] = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  // The sign-in's error toast must show even when the connection is what failed.
  useEffect(preloadToasts, []);
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({ defaultValues: { username: '', password: '' } });

  async function complete(result: LoginSuccess) {
    if (!(await session.login(result))) return;
    // Before the staff layout asks for its catalogue, so it comes in the account's language.
    await applyAccountLanguage(result);
    const saved = storage.get('redirectAfterLogin');
    storage.remove('redirectAfterLogin');
    const destination = destinationAfterLogin(saved, result.userType);
    storage.set('lastLoginDestination', destination);
    navigate(destination, { replace: true });
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    let result: LoginResponse;
    try {
      result = await api<LoginResponse>('/api/auth/login', { method: 'POST', body: values, token: null });
    } catch (error) {
      if (error instanceof ApiError && !error.isNetwork && error.status < 500) {
        for (const field of error.fields) {
          if (field.field === 'username' || field.field === 'password') setError(field.field, { message: field.message });
        }
        if (error.fields.length === 0) setFormError(error.message);
        return;
      }
      notify.error(t`Error during login process. Please try again.`);
      return;
    }
    if ('twoFactorRequired' in result) setChallenge(result);
    else await complete(result);
  });

  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-10 text-ink">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <BrandMark logo={settings?.logo} className="h-14 w-14" />
          <div>
            <p className="text-sm font-semibold text-muted">{settings?.name ?? BRAND_NAME}</p>
            <h1 className="text-2xl font-bold tracking-tight">
              <Trans>Tanod sign-in</Trans>
            </h1>
          </div>
        </div>
        {challenge ? (
          <CodeStep challenge={challenge} onSignedIn={complete} onBack={() => setChallenge(null)} />
        ) : (
          <form onSubmit={onSubmit} noValidate className="card flex flex-col gap-4">
            <FormAlert message={formError} />
            <TextField
              label={t`Username or email`}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.username?.message}
              {...register('username', { validate: (value) => value.trim() !== '' || t`Username is required` })}
            />
            <TextField
              label={t`Password`}
              type="password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...register('password', { required: t`Password is required` })}
            />
            <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
              {isSubmitting ? t`Signing in…` : t`Sign in`}
            </button>
            <Link to="/forgot-password" className="text-center text-sm font-medium text-brand-600 hover:underline">
              <Trans>Forgot password?</Trans>
            </Link>
          </form>
        )}
        <p className="mt-6 text-center text-sm text-muted">
          <Trans>
            Not a tanod?{' '}
            <Link to="/" className="font-medium text-brand-600 hover:underline">
              Go to the residents' page
            </Link>
          </Trans>
        </p>
      </div>
    </main>
  );
}
