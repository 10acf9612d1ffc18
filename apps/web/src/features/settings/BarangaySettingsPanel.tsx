import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicSettings, UpdateSettings } from '@bantay/shared';
import { Loading } from '@/components/Loading.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { ApiError, api } from '@/lib/api-client.ts';
import { replacePublicSettings, usePublicSettings } from '@/lib/public-settings.ts';
import { notify } from '@/lib/toast.ts';

interface Values {
  name: string;
  abbreviation: string;
  timezone: string;
  psgcCode: string;
  dpoName: string;
  dpoContact: string;
  punongBarangay: string;
  barangaySecretary: string;
  lat: string;
  lng: string;
  zoom: string;
  hotlines: { label: string; number: string }[];
  incidentTypes: { name: string; classification: 'normal' | 'emergency'; confidential?: boolean }[];
}

function valuesOf(settings: PublicSettings): Values {
  return {
    name: settings.name,
    abbreviation: settings.abbreviation,
    timezone: settings.timezone,
    psgcCode: settings.psgcCode ?? '',
    dpoName: settings.dataProtectionOfficer?.name ?? '',
    dpoContact: settings.dataProtectionOfficer?.contact ?? '',
    punongBarangay: settings.officials?.punongBarangay ?? '',
    barangaySecretary: settings.officials?.barangaySecretary ?? '',
    lat: String(settings.mapStart.lat),
    lng: String(settings.mapStart.lng),
    zoom: String(settings.mapStart.zoom),
    hotlines: settings.hotlines,
    incidentTypes: settings.incidentTypes.map((type) => ({ ...type, confidential: type.confidential === true })),
  };
}

const FIELD_OF: Record<string, keyof Values> = {
  'mapStart.lat': 'lat',
  'mapStart.lng': 'lng',
  'mapStart.zoom': 'zoom',
  'dataProtectionOfficer.name': 'dpoName',
  'dataProtectionOfficer.contact': 'dpoContact',
};

function SettingsForm({ settings }: { settings: PublicSettings }) {
  const { t } = useLingui();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, control, setError, reset, formState } = useForm<Values>({ defaultValues: valuesOf(settings) });
  const hotlines = useFieldArray({ control, name: 'hotlines' });
  const types = useFieldArray({ control, name: 'incidentTypes' });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const body: UpdateSettings = {
      name: values.name,
      abbreviation: values.abbreviation,
      timezone: values.timezone,
      psgcCode: values.psgcCode.trim() || null,
      dataProtectionOfficer: values.dpoName.trim() ? { name: values.dpoName.trim(), contact: values.dpoContact.trim() } : null,
      punongBarangay: values.punongBarangay.trim() || null,
      barangaySecretary: values.barangaySecretary.trim() || null,
      mapStart: { lat: Number(values.lat), lng: Number(values.lng), zoom: Number(values.zoom) },
      hotlines: values.hotlines.filter((h) => h.label.trim() || h.number.trim()),
      incidentTypes: values.incidentTypes.filter((t) => t.name.trim()),
    };
    try {
      const saved = await api<PublicSettings>('/api/settings', { method: 'PATCH', body });
      replacePublicSettings(saved);
      reset(valuesOf(saved));
      notify.success(t`Settings saved`);
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        for (const field of error.fields) {
          const key = FIELD_OF[field.field] ?? (field.field.split('.')[0] as keyof Values);
          if (key in valuesOf(settings) && !['hotlines', 'incidentTypes'].includes(key)) setError(key, { message: field.message }, { shouldFocus: true });
          else setFormError(field.message);
        }
        return;
      }
      setFormError(error instanceof ApiError && !error.isNetwork && error.status < 500 ? error.message : t`Error saving the settings. Please try again.`);
    }
  });

  const onLogo = async (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append('photo', file);
    try {
      replacePublicSettings(await api<PublicSettings>('/api/settings/logo', { method: 'POST', body: form }));
      notify.success(t`Logo saved`);
    } catch (error) {
      notify.error(error instanceof ApiError && !error.isNetwork ? error.message : t`Error uploading the logo. Please try again.`);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-label={t`Barangay settings`}>
      <section className="card grid gap-4 sm:grid-cols-2">
        <h2 className="text-lg font-semibold sm:col-span-2">
          <Trans>The barangay</Trans>
        </h2>
        <TextField label={t`Name`} error={errors.name?.message} {...register('name', { validate: (v) => v.trim() !== '' || t`Name is required` })} />
        <TextField
          label={t`Abbreviation (shown when the side nav is collapsed)`}
          error={errors.abbreviation?.message}
          {...register('abbreviation', { validate: (v) => (v.trim() === '' ? t`Abbreviation is required` : v.trim().length <= 8 || t`Abbreviation must be at most 8 characters`) })}
        />
        <TextField label={t`Timezone`} error={errors.timezone?.message} {...register('timezone')} />
        <TextField
          label={t`PSGC code (optional)`}
          inputMode="numeric"
          hint={t`The barangay's 10-digit Philippine Standard Geographic Code. It names the barangay in the alerts Bantay publishes and matches weather warnings to it.`}
          error={errors.psgcCode?.message}
          {...register('psgcCode', { validate: (v) => v.trim() === '' || /^\d{9,10}$/.test(v.trim()) || t`A PSGC code is 9 or 10 digits` })}
        />
        <div>
          <span className="mb-1.5 block text-sm font-medium">
            <Trans>Logo</Trans>
          </span>
          <div className="flex items-center gap-3">
            {settings.logo && <img src={settings.logo} alt={t`Current logo`} className="h-12 w-12 rounded-lg border border-line object-contain" />}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-label={t`Upload a logo`}
              className="block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface-2 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-ink"
              onChange={(event) => void onLogo(event.target.files?.[0])}
            />
          </div>
        </div>
        <fieldset className="grid grid-cols-3 gap-3 sm:col-span-2">
          <legend className="mb-1.5 text-sm font-medium">
            <Trans>Map start</Trans>
          </legend>
          <TextField label={t`Latitude`} inputMode="decimal" error={errors.lat?.message} {...register('lat')} />
          <TextField label={t`Longitude`} inputMode="decimal" error={errors.lng?.message} {...register('lng')} />
          <TextField label={t`Zoom`} inputMode="numeric" error={errors.zoom?.message} {...register('zoom')} />
        </fieldset>
      </section>

      <section className="card flex flex-col gap-3">
        <h2 className="text-lg font-semibold">
          <Trans>Hotlines</Trans>
        </h2>
        {hotlines.fields.map((field, index) => {
          const number = index + 1;
          return (
            <div key={field.id} className="flex items-end gap-2">
              <TextField className="min-w-0 flex-1" label={t`Label`} {...register(`hotlines.${index}.label`)} />
              <TextField className="min-w-0 flex-1" label={t`Number`} inputMode="tel" {...register(`hotlines.${index}.number`)} />
              <button type="button" className="icon-btn" aria-label={t`Remove hotline ${number}`} onClick={() => hotlines.remove(index)}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </button>
            </div>
          );
        })}
        <button type="button" className="btn btn-secondary self-start" onClick={() => hotlines.append({ label: '', number: '' })}>
          <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>Add hotline</Trans>
        </button>
      </section>

      <section className="card grid gap-4 sm:grid-cols-2" aria-labelledby="dpo-title">
        <div className="sm:col-span-2">
          <h2 id="dpo-title" className="text-lg font-semibold">
            <Trans>Data protection officer</Trans>
          </h2>
          <p className="text-sm text-muted">
            <Trans>Named on the public privacy notice (/privacy), as the Data Privacy Act requires. Leave the name empty to remove.</Trans>
          </p>
        </div>
        <TextField label={t`Name`} error={errors.dpoName?.message} {...register('dpoName')} />
        <TextField
          label={t`Email or phone`}
          error={errors.dpoContact?.message}
          {...register('dpoContact', { validate: (value, all) => !all.dpoName.trim() || value.trim() !== '' || t`Give an email address or a phone number` })}
        />
      </section>

      <section className="card grid gap-4 sm:grid-cols-2" aria-labelledby="officials-title">
        <div className="sm:col-span-2">
          <h2 id="officials-title" className="text-lg font-semibold">
            <Trans>Officials</Trans>
          </h2>
          <p className="text-sm text-muted">
            <Trans>Their names go on the signature lines of a blotter entry's certified true copy.</Trans>
          </p>
        </div>
        <TextField label={t`Punong Barangay`} error={errors.punongBarangay?.message} {...register('punongBarangay')} />
        <TextField label={t`Barangay Secretary`} error={errors.barangaySecretary?.message} {...register('barangaySecretary')} />
      </section>

      <section className="card flex flex-col gap-3">
        <h2 className="text-lg font-semibold">
          <Trans>Incident types</Trans>
        </h2>
        <p className="text-sm text-muted">
          <Trans>
            Residents choose from these when they report; the classification is the default they start with. Reports of a confidential type
            are seen only by admins and the tanod an admin assigns (violence against women and children, RA 9262 and RA 7610).
          </Trans>
        </p>
        {types.fields.map((field, index) => {
          const number = index + 1;
          return (
            <div key={field.id} className="flex flex-wrap items-end gap-2">
              <TextField className="min-w-[12rem] flex-1" label={t`Type`} {...register(`incidentTypes.${index}.name`)} />
              {/* On a phone the remove button sits beside the name and the choices go on the next line; wider, it comes last. */}
              <button
                type="button"
                className="icon-btn sm:order-last"
                aria-label={t`Remove incident type ${number}`}
                onClick={() => types.remove(index)}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </button>
              <div className="flex items-end gap-2">
                <label className="flex flex-col gap-1 text-sm font-medium">
                  <Trans>Classification</Trans>
                  <select className="input" {...register(`incidentTypes.${index}.classification`)}>
                    <option value="normal">{t`Normal`}</option>
                    <option value="emergency">{t`Emergency`}</option>
                  </select>
                </label>
                <label className="flex min-h-[2.75rem] items-center gap-2 px-1 text-sm font-medium">
                  <input type="checkbox" className="h-4 w-4" {...register(`incidentTypes.${index}.confidential`)} />
                  <Trans>Confidential</Trans>
                </label>
              </div>
            </div>
          );
        })}
        <button type="button" className="btn btn-secondary self-start" onClick={() => types.append({ name: '', classification: 'normal', confidential: false })}>
          <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>Add incident type</Trans>
        </button>
      </section>

      {formError && (
        <p role="alert" className="text-sm text-danger">
          {formError}
        </p>
      )}
      <button type="submit" className="btn btn-primary self-end" disabled={isSubmitting}>
        {isSubmitting ? t`Saving…` : t`Save settings`}
      </button>
    </form>
  );
}

/** The supadmin's barangay settings: name, abbreviation, logo, hotlines, incident types, map start, timezone. */
export function BarangaySettingsPanel() {
  const { data } = usePublicSettings();
  return data ? <SettingsForm settings={data} /> : <Loading />;
}
