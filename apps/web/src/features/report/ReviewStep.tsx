import type { ReactNode } from 'react';
import type { DraftForm } from './draft-form.ts';
import { Pencil } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReportLocation } from '@bantay/shared';
import { INCIDENT_LIMITS } from '@bantay/shared/limits';
import { TextField } from '@/components/form/TextField.tsx';
import type { ResidentContact } from './report-api.ts';
import { FocusHeading } from './report-parts.tsx';
import { checkPhone, formatWhen, localInputToDate } from './report-rules.ts';
import { incidentTypeLabel } from '@bantay/shared';
import type { AttachedPhoto } from './WhatStep.tsx';

interface ReviewStepProps {
  form: DraftForm;
  location: ReportLocation | null;
  photos: AttachedPhoto[];
  resident: ResidentContact | null;
  onEdit(step: 'what' | 'where'): void;
  focusHeading: boolean;
}

function Section({ title, onEdit, children }: { title: string; onEdit(): void; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <section className="card p-4" aria-label={title}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        <button type="button" className="btn btn-ghost -my-2 -mr-2" onClick={onEdit} aria-label={t`Edit: ${title}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" /> <Trans>Edit</Trans>
        </button>
      </div>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">{children}</dl>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-muted">{label}</dt>
      <dd className="-mt-1.5 break-words sm:mt-0">{children}</dd>
    </>
  );
}

const none = <span className="text-muted">—</span>;

export function ReviewStep({ form, location, photos, resident, onEdit, focusHeading }: ReviewStepProps) {
  const {
    register,
    getValues,
    formState: { errors },
  } = form;
  const { t } = useLingui();
  const draft = getValues();
  const when = localInputToDate(draft.occurredAt);
  const nameMax = INCIDENT_LIMITS.reporterNameMaxLength;
  const accuracy = location?.accuracy;
  return (
    <div className="flex flex-col gap-4">
      <FocusHeading focusOnMount={focusHeading}>
        <Trans>Check and send</Trans>
      </FocusHeading>
      <Section title={t`What happened`} onEdit={() => onEdit('what')}>
        <Row label={t`Type`}>{draft.type ? incidentTypeLabel(draft.type) : none}</Row>
        <Row label={t`Urgency`}>
          {draft.classification === 'emergency' ? (
            <strong className="text-danger">
              <Trans>Emergency</Trans>
            </strong>
          ) : (
            t`Normal`
          )}
        </Row>
        <Row label={t`Description`}>
          <span className="whitespace-pre-line">{draft.description.trim() || none}</span>
        </Row>
        {/* In the phone's own time zone, as the reporter typed it. */}
        <Row label={t`When`}>{when ? formatWhen(when, undefined) : none}</Row>
        <Row label={t`Photos`}>
          {photos.length === 0 ? (
            none
          ) : (
            <span className="flex gap-2">
              {photos.map((photo, index) => {
                const number = index + 1;
                return (
                  <img
                    key={photo.url}
                    src={photo.url}
                    alt={t`Photo ${number}`}
                    className="h-16 w-16 rounded-md border border-line object-cover"
                  />
                );
              })}
            </span>
          )}
        </Row>
      </Section>
      <Section title={t`Where`} onEdit={() => onEdit('where')}>
        <Row label={t`Location`}>
          {location ? `${location.lat.toFixed(5)}, ${location.lng.toFixed(5)}${accuracy ? ` ${t`(±${accuracy} m)`}` : ''}` : none}
        </Row>
        <Row label={t`Landmark`}>{draft.landmark.trim() || none}</Row>
        <Row label={t`Address`}>{draft.address.trim() || none}</Row>
      </Section>
      <section className="card flex flex-col gap-4 p-4" aria-labelledby="report-contact">
        <div>
          <h3 id="report-contact" className="font-semibold">
            <Trans>
              Your contact <span className="font-normal text-muted">(optional)</span>
            </Trans>
          </h3>
          <p className="mt-1 text-sm text-muted">
            {resident
              ? t`You are signed in: the report goes to your history. Change the details below if needed.`
              : t`You may stay anonymous. With a phone number, you get the ticket by SMS and the tanods can call you back.`}
          </p>
        </div>
        <TextField
          label={t`Name`}
          autoComplete="name"
          maxLength={INCIDENT_LIMITS.reporterNameMaxLength}
          error={errors.reporterName?.message}
          {...register('reporterName', {
            maxLength: {
              value: INCIDENT_LIMITS.reporterNameMaxLength,
              message: t`At most ${nameMax} characters`,
            },
          })}
        />
        <TextField
          label={t`Mobile number`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0917 123 4567"
          error={errors.reporterPhone?.message}
          {...register('reporterPhone', { validate: checkPhone })}
        />
      </section>
    </div>
  );
}
