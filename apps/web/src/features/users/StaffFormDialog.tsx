import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CreatedStaffUser, StaffUser } from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { GENDERS, PROFILE_RULES, profileValuesOf, type ProfileValues } from '@/lib/profile-rules.ts';
import { createStaff, updateStaff, uploadStaffPhoto } from './users-api.ts';
import { fullName } from '@/lib/full-name.ts';

interface Values extends ProfileValues {
  isTeamLeader: boolean;
}

type TextKey = Exclude<keyof Values, 'isTeamLeader'>;

const TEXT_FIELDS: { key: TextKey; label: MessageDescriptor; type?: string; autoComplete?: string }[] = [
  { key: 'firstName', label: msg`First name`, autoComplete: 'off' },
  { key: 'middleName', label: msg`Middle name (optional)`, autoComplete: 'off' },
  { key: 'lastName', label: msg`Last name`, autoComplete: 'off' },
  { key: 'username', label: msg`Username`, autoComplete: 'off' },
  { key: 'email', label: msg`Email (optional)`, type: 'email', autoComplete: 'off' },
  { key: 'phoneNumber', label: msg`Mobile number (optional)`, type: 'tel', autoComplete: 'off' },
  { key: 'address', label: msg`Address (optional)`, autoComplete: 'off' },
  { key: 'birthday', label: msg`Birthday (optional)`, type: 'date' },
];

function valuesOf(user: StaffUser | null): Values {
  return { ...profileValuesOf(user), isTeamLeader: user?.isTeamLeader ?? false };
}

interface StaffFormDialogProps {
  /** The account to edit; null adds a new one of `userType`. */
  user: StaffUser | null;
  userType: 'tanod' | 'admin';
  onClose(): void;
  onSaved(result: { user: StaffUser; created?: CreatedStaffUser }): void;
}

/** Add or edit a staff account: names, contact, address, birthday, gender, team leader, photo. */
export function StaffFormDialog({ user, userType, onClose, onSaved }: StaffFormDialogProps) {
  const { t } = useLingui();
  const genderId = useId();
  const photoId = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const initial = valuesOf(user);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<Values>({ defaultValues: initial });
  const isAdmin = userType === 'admin';
  const name = fullName(user);
  const addLabel = isAdmin ? t`Add admin` : t`Add tanod`;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      let saved: StaffUser;
      let created: CreatedStaffUser | undefined;
      if (user) {
        const changes = Object.fromEntries(
          (Object.keys(dirtyFields) as (keyof Values)[]).map((key) => [key, typeof values[key] === 'string' ? (values[key] as string).trim() : values[key]]),
        );
        saved = Object.keys(changes).length > 0 ? await updateStaff(user._id, changes) : user;
      } else {
        created = await createStaff({ ...values, userType });
        saved = created.user;
      }
      if (photo) saved = await uploadStaffPhoto(saved._id, photo);
      onSaved({ user: saved, created });
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        for (const field of error.fields) {
          if (field.field in initial) setError(field.field as keyof Values, { message: field.message }, { shouldFocus: true });
          else setFormError(field.message);
        }
        return;
      }
      setFormError(
        error instanceof ApiError && !error.isNetwork && error.status < 500
          ? error.message
          : isAdmin
            ? t`Error saving the admin. Please try again.`
            : t`Error saving the tanod. Please try again.`,
      );
    }
  });

  return (
    <Modal title={user ? t`Edit ${name}` : addLabel} onClose={onClose} widthClass="max-w-2xl">
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        aria-label={user ? (isAdmin ? t`Edit admin` : t`Edit tanod`) : addLabel}
      >
        {TEXT_FIELDS.map(({ key, label, type, autoComplete }) => (
          <TextField
            key={key}
            label={t(label)}
            type={type}
            autoComplete={autoComplete}
            error={errors[key]?.message}
            {...register(key, PROFILE_RULES[key])}
            {...(key === 'firstName' ? { 'data-autofocus': true } : {})}
          />
        ))}
        <div>
          <label htmlFor={genderId} className="mb-1.5 block text-sm font-medium">
            <Trans>Gender</Trans>
          </label>
          <select id={genderId} className="input" {...register('gender')}>
            {GENDERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={photoId} className="mb-1.5 block text-sm font-medium">
            <Trans>Photo (optional)</Trans>
          </label>
          <input
            id={photoId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface-2 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-ink"
            onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
          />
        </div>
        {userType === 'tanod' && (
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium sm:col-span-2">
            <input type="checkbox" className="switch" {...register('isTeamLeader')} />
            <Trans>Team leader</Trans>
          </label>
        )}
        {formError && (
          <p role="alert" className="text-sm text-danger sm:col-span-2">
            {formError}
          </p>
        )}
        {!user && (
          <p className="text-sm text-muted sm:col-span-2">
            {isAdmin ? (
              <Trans>
                A one-time password is shown once when you save. The admin must choose their own password at the first sign-in; with an
                email or mobile number, a link to choose it is sent too.
              </Trans>
            ) : (
              <Trans>
                A one-time password is shown once when you save. The tanod must choose their own password at the first sign-in; with an
                email or mobile number, a link to choose it is sent too.
              </Trans>
            )}
          </p>
        )}
        <div className="flex justify-end gap-2 sm:col-span-2">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t`Saving…` : user ? t`Save changes` : addLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
