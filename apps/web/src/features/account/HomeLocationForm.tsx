import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { HomePin, ResidentHome, ResidentHomeRequest } from '@bantay/shared';
import { FormAlert } from '@/components/FormAlert.tsx';
import { HomeLocationFields, type HomeLocationValue } from '@/components/form/HomeLocationFields.tsx';
import { ApiError, api } from '@/lib/api-client.ts';
import { usePuroks } from '@/lib/puroks.ts';
import { useSession } from '@/lib/session.tsx';
import { notify } from '@/lib/toast.ts';

const saveHome = (body: ResidentHomeRequest) => api<ResidentHome>('/api/residents/me/home', { method: 'PUT', body });

const same = (a: HomeLocationValue, b: HomeLocationValue) =>
  a.purok === b.purok && a.pin?.lat === b.pin?.lat && a.pin?.lng === b.pin?.lng;

/**
 * A resident's home on My account (docs/decisions/032-the-text-line.md): the purok and an optional
 * pin, where a text or a missed call from their number brings the tanods.
 */
export function HomeLocationForm() {
  const { t } = useLingui();
  const { user, refresh } = useSession();
  const saved: HomeLocationValue = { purok: user?.homePurok ?? '', pin: user?.homePin ?? null };
  const [value, setValue] = useState<HomeLocationValue>(saved);
  const [errors, setErrors] = useState<{ homePurok?: string; homePin?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const puroks = usePuroks();
  const changed = !same(value, saved);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      const homePin: HomePin | null = value.pin;
      const home = await saveHome({ homePurok: value.purok || null, homePin });
      await refresh();
      notify.success(
        home.hasHome ? t`Home saved. A text or a missed call from your number now reaches the tanods at home.` : t`Home saved.`,
      );
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields.length > 0) {
        const next: typeof errors = {};
        for (const field of failure.fields) {
          if (field.field === 'homePurok') next.homePurok = field.message;
          else if (field.field.startsWith('homePin')) next.homePin = field.message;
          else setFormError(field.message);
        }
        setErrors(next);
      } else {
        setFormError(
          failure instanceof ApiError && (failure.isNetwork || failure.status < 500) ? failure.message : t`Error saving your home. Please try again.`,
        );
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-label={t`Your home`}>
      <FormAlert message={formError} />
      <HomeLocationFields
        value={value}
        onChange={setValue}
        puroks={puroks.puroks}
        puroksFailed={puroks.failed}
        onRetryPuroks={puroks.retry}
        purokError={errors.homePurok}
        pinError={errors.homePin}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-secondary" disabled={!changed || busy} onClick={() => setValue(saved)}>
          {t`Discard changes`}
        </button>
        <button type="submit" className="btn btn-primary" disabled={!changed || busy}>
          {busy ? t`Saving…` : t`Save home`}
        </button>
      </div>
    </form>
  );
}
