import { useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { plural, t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PasswordStrengthMeter } from '@/components/form/PasswordStrengthMeter.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { newPasswordProblem } from '@/lib/password-strength.ts';
import { useSession } from '@/lib/session.tsx';
import { notify } from '@/lib/toast.ts';
import { changePassword, SESSIONS_KEY } from './account-api.ts';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/** Words anyone would try first on a Bantay account: the meter and the rule count them as guessable. */
const GUESSABLE_WORDS = ['bantay', 'tanod', 'barangay'] as const;

const EMPTY: Values = { currentPassword: '', newPassword: '', confirm: '' };

/** The toast after a change, in the language on screen. */
function sessionsEndedText(count: number): string {
  if (count === 0) return translate`Password changed. You were not signed in anywhere else.`;
  return translate`${plural(count, {
    one: 'Password changed. 1 other session was signed out.',
    other: 'Password changed. # other sessions were signed out.',
  })}`;
}

/** Change password: the current one is required; every other session ends (docs/product.md §4.12). */
export function ChangePasswordForm() {
  const { t } = useLingui();
  const { user, refresh } = useSession();
  const queryClient = useQueryClient();
  const userInputs = [user?.username, user?.email, user?.firstName, user?.lastName, user?.phoneNumber, ...GUESSABLE_WORDS];
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: EMPTY });
  const newPassword = useWatch({ control, name: 'newPassword' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await changePassword(values.currentPassword, values.newPassword);
      reset(EMPTY);
      notify.success(sessionsEndedText(result.sessionsEnded));
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
      // A one-time password is now replaced: the session check lifts the password-change gate.
      if (user?.mustChangePassword) await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        for (const field of error.fields) {
          if (field.field === 'currentPassword' || field.field === 'newPassword') setError(field.field, { message: field.message }, { shouldFocus: true });
        }
        return;
      }
      notify.error(error instanceof ApiError && error.status < 500 && !error.isNetwork ? error.message : t`Error changing your password. Please try again.`);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t`Change password`}>
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={user?.username ?? ''} readOnly hidden />
      <TextField
        label={t`Current password`}
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword', { required: t`Current password is required` })}
      />
      <div>
        <TextField
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword', { validate: (value) => newPasswordProblem(value, userInputs) ?? true })}
        />
        <PasswordStrengthMeter password={newPassword} userInputs={userInputs} />
      </div>
      <TextField
        label={t`Confirm new password`}
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...register('confirm', {
          validate: (value, all) => (value === '' ? t`Confirm your new password` : value === all.newPassword || t`The passwords do not match`),
        })}
      />
      <p className="text-xs text-muted">
        <Trans>Changing your password signs you out on every other device.</Trans>
      </p>
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t`Changing…` : t`Change password`}
        </button>
      </div>
    </form>
  );
}
