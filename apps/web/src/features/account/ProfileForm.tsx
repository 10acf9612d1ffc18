import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { type AccountUpdate } from '@bantay/shared';
import { TextField } from '@/components/form/TextField.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { GENDERS, PROFILE_FIELDS, PROFILE_RULES, profileValuesOf, type ProfileValues } from '@/lib/profile-rules.ts';
import { useSession } from '@/lib/session.tsx';
import { notify } from '@/lib/toast.ts';
import { updateAccount } from './account-api.ts';

/** Names, contact, username, address, birthday and gender; only changed fields are sent. */
export function ProfileForm() {
  const { t } = useLingui();
  const { user, refresh } = useSession();
  const genderId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, dirtyFields, isDirty },
  } = useForm<ProfileValues>({
    values: profileValuesOf(user),
    // A session re-check must not wipe what the user is typing. reset() inherits this option,
    // so the explicit resets below turn it off.
    resetOptions: { keepDirtyValues: true },
    // The shared schema checks in the browser what the server checks; the raw strings are sent.
  });
  const twoFactorOn = user?.twoFactorEnabled ?? false;
  const genderOptions = user?.gender && !GENDERS.some((g) => g.value === user.gender) ? [...GENDERS, { value: user.gender, label: user.gender }] : GENDERS;

  const onSubmit = handleSubmit(async (values) => {
    const changes: AccountUpdate = {};
    for (const field of PROFILE_FIELDS) if (dirtyFields[field]) (changes as Record<string, string>)[field] = values[field];
    if (Object.keys(changes).length === 0) return;
    try {
      const updated = await updateAccount(changes);
      reset(profileValuesOf(updated), { keepDirtyValues: false });
      await refresh();
      notify.success(t`Profile updated`);
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        let focused = false;
        for (const field of error.fields) {
          if ((PROFILE_FIELDS as readonly string[]).includes(field.field)) {
            setError(field.field as keyof ProfileValues, { message: field.message }, { shouldFocus: !focused });
            focused = true;
          }
        }
        if (!focused) notify.error(error.message);
        return;
      }
      notify.error(error instanceof ApiError && error.status < 500 && !error.isNetwork ? error.message : t`Error saving your profile. Please try again.`);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t`Profile`}>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={t`First name`} autoComplete="given-name" error={errors.firstName?.message} {...register('firstName', PROFILE_RULES.firstName)} />
        <TextField label={t`Middle name`} autoComplete="additional-name" error={errors.middleName?.message} {...register('middleName', PROFILE_RULES.middleName)} />
        <TextField label={t`Last name`} autoComplete="family-name" error={errors.lastName?.message} {...register('lastName', PROFILE_RULES.lastName)} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Username`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...register('username', PROFILE_RULES.username)}
        />
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email', PROFILE_RULES.email)}
        />
        <TextField
          label={t`Phone number`}
          type="tel"
          autoComplete="tel"
          readOnly={twoFactorOn}
          hint={twoFactorOn ? t`Used for two-factor authentication. Turn it off to change this number.` : t`Mobile number, e.g. 0917 123 4567`}
          error={errors.phoneNumber?.message}
          {...register('phoneNumber', PROFILE_RULES.phoneNumber)}
        />
        <TextField label={t`Birthday`} type="date" autoComplete="bday" error={errors.birthday?.message} {...register('birthday')} />
      </div>
      <TextField label={t`Address`} autoComplete="street-address" error={errors.address?.message} {...register('address', PROFILE_RULES.address)} />
      <div className="sm:max-w-xs">
        <label htmlFor={genderId} className="mb-1.5 block text-sm font-medium text-ink">
          <Trans>Gender</Trans>
        </label>
        <select
          id={genderId}
          className="input"
          aria-invalid={errors.gender ? true : undefined}
          aria-describedby={errors.gender ? `${genderId}-error` : undefined}
          {...register('gender', PROFILE_RULES.gender)}
        >
          {genderOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {errors.gender && (
          <p id={`${genderId}-error`} className="mt-1 text-sm text-danger">
            {errors.gender.message}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-secondary" disabled={!isDirty || isSubmitting} onClick={() => reset(profileValuesOf(user), { keepDirtyValues: false })}>
          <Trans>Discard changes</Trans>
        </button>
        <button type="submit" className="btn btn-primary" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? t`Saving…` : t`Save profile`}
        </button>
      </div>
    </form>
  );
}
