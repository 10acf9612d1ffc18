import { useState } from 'react';
import { MapPin } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { incidentTypeLabel, type IncidentClassification, type SmsThread } from '@bantay/shared';
import { DialogActions } from '@/components/DialogActions.tsx';
import { FormAlert } from '@/components/FormAlert.tsx';
import { Modal } from '@/components/Modal.tsx';
import { SelectField } from '@/components/form/SelectField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { LazyPinMap } from '@/components/map/lazy-pin-map.tsx';
import type { MapPoint } from '@/components/map/PointPin.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { formatPhoneForDisplay } from '@/lib/phone.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { notify } from '@/lib/toast.ts';
import { inboxSteps, useRefreshInbox } from './text-line-api.ts';

type Field = 'type' | 'classification' | 'location' | 'landmark';

interface TicketDialogProps {
  thread: SmsThread;
  onClose(): void;
  /** The incident made: the page opens it, so the admin sees the ticket and can assign it. */
  onCreated(incidentId: string): void;
}

/**
 * An admin makes an incident of an inbox thread (POST /api/sms/inbox/{id}/incident): its type and
 * classification, and the place pinned on the map, learned from the texts or by calling back. The
 * thread's texts become the description and the sender is texted the ticket.
 */
export function TicketDialog({ thread, onClose, onCreated }: TicketDialogProps) {
  const { t } = useLingui();
  const { data: settings } = usePublicSettings();
  const refresh = useRefreshInbox();
  const types = settings?.incidentTypes ?? [];
  const [type, setType] = useState('');
  const [classification, setClassification] = useState<IncidentClassification>(thread.hasMissedCall ? 'emergency' : 'normal');
  const [landmark, setLandmark] = useState('');
  const [point, setPoint] = useState<MapPoint | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const number = formatPhoneForDisplay(thread.phoneNumber);
  const texts = thread.messages.filter((message) => message.direction === 'in' && message.kind === 'text' && message.text);

  function chooseType(name: string) {
    setType(name);
    setErrors((current) => ({ ...current, type: undefined }));
    // The type's usual classification, as on the report form; the admin may still change it.
    const known = types.find((item) => item.name === name);
    if (known) setClassification(known.classification);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const problems: Partial<Record<Field, string>> = {};
    if (!type) problems.type = t`Choose the type of incident`;
    if (!point) problems.location = t`Choose the place on the map`;
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0 || !point) return;
    setBusy(true);
    try {
      const created = await inboxSteps.toIncident(thread._id, {
        type,
        classification,
        location: point,
        landmark: landmark.trim() || undefined,
      });
      refresh(true);
      const ticket = created.ticket;
      notify.success(t`Ticket ${ticket} made. The sender is texted the ticket.`);
      onClose();
      if (created.thread.ticket) onCreated(created.thread.ticket._id);
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields.length > 0) {
        const next: Partial<Record<Field, string>> = {};
        for (const field of failure.fields) {
          const key = field.field.split('.')[0] as Field;
          if (['type', 'classification', 'location', 'landmark'].includes(key)) next[key] = field.message;
          else setFormError(field.message);
        }
        setErrors(next);
      } else {
        setFormError(
          failure instanceof ApiError && (failure.isNetwork || failure.status < 500)
            ? failure.message
            : t`The incident could not be made. Please try again.`,
        );
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={t`Make an incident`} onClose={onClose} widthClass="max-w-2xl">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-label={t`Make an incident from ${number}`}>
        <FormAlert message={formError} />
        <p className="text-sm">
          <Trans>
            From <span className="whitespace-nowrap font-semibold tabular-nums">{number}</span>
          </Trans>
        </p>
        {texts.length > 0 ? (
          <div>
            <p className="mb-1.5 text-sm font-medium">
              <Trans>The texts become its description:</Trans>
            </p>
            <ul className="flex max-h-36 flex-col gap-1 overflow-y-auto rounded-lg border border-line bg-surface-2 p-3 text-sm">
              {texts.map((message) => (
                <li key={message._id} className="whitespace-pre-wrap break-words">
                  {message.text}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-sm text-ink-soft">
            <Trans>A missed call only: call back to learn what happened and where, then make the incident.</Trans>
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t`Type of incident`}
            value={type}
            error={errors.type}
            onChange={(event) => chooseType(event.target.value)}
          >
            <option value="">{t`Choose a type`}</option>
            {types.map((item) => (
              <option key={item.name} value={item.name}>
                {incidentTypeLabel(item.name)}
              </option>
            ))}
          </SelectField>
          <fieldset aria-describedby={errors.classification ? 'ticket-classification-error' : undefined}>
            <legend className="mb-1.5 text-sm font-medium">
              <Trans>Classification</Trans>
            </legend>
            <div className="flex flex-wrap gap-2">
              {(['normal', 'emergency'] as const).map((value) => (
                <label
                  key={value}
                  className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-medium ${
                    classification === value ? 'border-brand-600 bg-brand-600/10' : 'border-line'
                  }`}
                >
                  <input
                    type="radio"
                    name="ticket-classification"
                    value={value}
                    checked={classification === value}
                    onChange={() => setClassification(value)}
                  />
                  {value === 'emergency' ? t`Emergency` : t`Normal`}
                </label>
              ))}
            </div>
            {errors.classification && (
              <p id="ticket-classification-error" className="mt-1 text-sm text-danger">
                {errors.classification}
              </p>
            )}
          </fieldset>
        </div>
        <TextField
          label={t`Landmark (optional)`}
          placeholder={t`Beside the chapel, the blue gate…`}
          maxLength={200}
          value={landmark}
          error={errors.landmark}
          onChange={(event) => setLandmark(event.target.value)}
        />
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium">
            <Trans>Where it is</Trans>
          </legend>
          <LazyPinMap
            label={t`Map: tap where the incident is, drag the pin to move it`}
            point={point}
            onPick={(picked) => {
              setPoint(picked);
              setErrors((current) => ({ ...current, location: undefined }));
            }}
            pinTitle={t`The place of the incident`}
            testId="ticket-pin-map"
          />
          <p className="flex items-center gap-1.5 text-sm" role="status">
            <MapPin className={`h-4 w-4 shrink-0 ${point ? 'text-success' : 'text-muted'}`} aria-hidden="true" />
            {point ? (
              <span className="tabular-nums" data-testid="ticket-pin">
                {point.lat.toFixed(5)}, {point.lng.toFixed(5)}
              </span>
            ) : (
              <span className="text-muted">
                <Trans>No pin yet: tap the map where it is.</Trans>
              </span>
            )}
          </p>
          {errors.location && (
            <p role="alert" className="text-sm text-danger">
              {errors.location}
            </p>
          )}
        </fieldset>
        <DialogActions busy={busy} submitLabel={t`Make incident`} busyLabel={t`Making the incident…`} onCancel={onClose} />
      </form>
    </Modal>
  );
}
