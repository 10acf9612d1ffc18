import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MailCheck } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FORGOT_PASSWORD_ANSWER } from '@bantay/shared';
import { TextField } from '@/components/form/TextField.tsx';
import { api, ApiError } from '@/lib/api-client.ts';
import { ResetFrame } from './ResetFrame.tsx';
import { FormAlert } from '@/components/FormAlert.tsx';

interface Values {
  email: string;
}

// A light check for the browser; the server validates with the shared schema.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * /forgot-password: staff ask for a reset link by email. The answer is the same whether or not
 * an account uses that address (docs/product.md §4.12), so the page never reveals who has an account.
 */
export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const [answer, setAnswer] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      const result = await api<{ ok: true; message: string }>('/api/auth/forgot-password', {
        method: 'POST',
        body: { email: email.trim() },
        token: null,
      });
      setAnswer(result.message || FORGOT_PASSWORD_ANSWER);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        // The rate limit of docs/product.md §4.12; the server's text says to try again later.
        setFormError(error.message || t`Too many requests from this device. Please try again later.`);
      } else if (error instanceof ApiError && error.fields.some((field) => field.field === 'email')) {
        setError('email', { message: error.fields.find((field) => field.field === 'email')!.message });
      } else if (error instanceof ApiError && error.isNetwork) {
        setFormError(error.message);
      } else {
        setFormError(t`Something went wrong. Please try again.`);
      }
    }
  });

  return (
    <ResetFrame title={t`Forgot password`}>
      {answer ? (
        <div className="card flex flex-col items-center gap-3 text-center" role="status">
          <MailCheck className="h-10 w-10 text-success" aria-hidden="true" />
          <h2 className="text-lg font-semibold">
            <Trans>Check your email</Trans>
          </h2>
          <p className="text-sm text-ink-soft">{answer}</p>
          <p className="text-xs text-muted">
            <Trans>No email? Check the spam folder, or ask your barangay admin to reset it for you.</Trans>
          </p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="card flex flex-col gap-4">
          <p className="text-sm text-ink-soft">
            <Trans>Enter the email address of your staff account. We will send you a link to choose a new password.</Trans>
          </p>
          <FormAlert message={formError} />
          <TextField
            label={t`Email address`}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.email?.message}
            {...register('email', {
              validate: (value) =>
                value.trim() === '' ? t`Email is required` : EMAIL_PATTERN.test(value.trim()) || t`Enter a valid email address`,
            })}
          />
          <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
            {isSubmitting ? t`Sending…` : t`Send reset link`}
          </button>
        </form>
      )}
    </ResetFrame>
  );
}
