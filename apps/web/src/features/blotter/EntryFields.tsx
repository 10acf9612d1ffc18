import { Plus, Trash2 } from 'lucide-react';
import { BLOTTER_REFERRALS, BLOTTER_REFERRAL_LABELS, BLOTTER_STATUSES, BLOTTER_STATUS_LABELS, type BlotterReferral, type BlotterStatus } from '@bantay/shared';
import { SelectField } from '@/components/form/SelectField.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { TextField } from '@/components/form/TextField.tsx';

/** What the record and amend forms edit: the entry's values as the inputs hold them. */
export interface PartyInput {
  name: string;
  address: string;
  phone: string;
}

export interface EntryInput {
  /** `yyyy-MM-ddTHH:mm` on the barangay's clock (a datetime-local value). */
  occurredAt: string;
  place: string;
  nature: string;
  complainants: PartyInput[];
  respondents: PartyInput[];
  narrative: string;
  actionTaken: string;
  status: BlotterStatus;
  referredTo: BlotterReferral | '';
}

export const EMPTY_PARTY: PartyInput = { name: '', address: '', phone: '' };

function PartiesEditor({
  title,
  parties,
  errors,
  errorPrefix,
  onChange,
  required,
}: {
  title: string;
  parties: PartyInput[];
  errors: Record<string, string>;
  errorPrefix: string;
  onChange(parties: PartyInput[]): void;
  required: boolean;
}) {
  const update = (index: number, patch: Partial<PartyInput>) => onChange(parties.map((party, i) => (i === index ? { ...party, ...patch } : party)));
  const listError = errors[errorPrefix];
  return (
    <fieldset className="space-y-3 rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {parties.length === 0 && <p className="text-sm text-muted">{required ? 'Add at least one.' : 'None named.'}</p>}
      {parties.map((party, index) => (
        <div key={index} className="grid gap-2 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1.6fr)_minmax(0,1fr)_auto] sm:items-end">
          <TextField
            label={`Name ${index + 1}`}
            value={party.name}
            required
            maxLength={120}
            error={errors[`${errorPrefix}.${index}.name`]}
            onChange={(event) => update(index, { name: event.target.value })}
          />
          <TextField
            label="Address"
            value={party.address}
            maxLength={300}
            error={errors[`${errorPrefix}.${index}.address`]}
            onChange={(event) => update(index, { address: event.target.value })}
          />
          <TextField
            label="Phone"
            type="tel"
            inputMode="tel"
            value={party.phone}
            maxLength={32}
            error={errors[`${errorPrefix}.${index}.phone`]}
            onChange={(event) => update(index, { phone: event.target.value })}
          />
          <button
            type="button"
            className="icon-btn justify-self-end"
            aria-label={`Remove ${party.name || `${title.toLowerCase()} ${index + 1}`}`}
            onClick={() => onChange(parties.filter((_, i) => i !== index))}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      ))}
      {listError && (
        <p className="text-sm text-danger" role="alert">
          {listError}
        </p>
      )}
      <button type="button" className="btn btn-secondary" onClick={() => onChange([...parties, { ...EMPTY_PARTY }])}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add {title === 'Complainants' ? 'a complainant' : 'a respondent'}
      </button>
    </fieldset>
  );
}

/** The entry's fields, shared by "Record in blotter" and "Amend"; errors are the server's, by field. */
export function EntryFields({ value, onChange, errors }: { value: EntryInput; onChange(value: EntryInput): void; errors: Record<string, string> }) {
  const set = <K extends keyof EntryInput>(key: K, next: EntryInput[K]) => onChange({ ...value, [key]: next });
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Date and time it happened"
          type="datetime-local"
          required
          value={value.occurredAt}
          error={errors.occurredAt}
          onChange={(event) => set('occurredAt', event.target.value)}
        />
        <TextField label="Nature" required maxLength={200} value={value.nature} error={errors.nature} onChange={(event) => set('nature', event.target.value)} />
      </div>
      <TextField label="Place" required maxLength={300} value={value.place} error={errors.place} onChange={(event) => set('place', event.target.value)} />
      <PartiesEditor title="Complainants" parties={value.complainants} errors={errors} errorPrefix="complainants" required onChange={(next) => set('complainants', next)} />
      <PartiesEditor title="Respondents" parties={value.respondents} errors={errors} errorPrefix="respondents" required={false} onChange={(next) => set('respondents', next)} />
      <TextAreaField label="Narrative" required rows={6} maxLength={8000} value={value.narrative} error={errors.narrative} onChange={(event) => set('narrative', event.target.value)} />
      <TextAreaField label="Action taken" required rows={3} maxLength={4000} value={value.actionTaken} error={errors.actionTaken} onChange={(event) => set('actionTaken', event.target.value)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Status"
          value={value.status}
          error={errors.status}
          onChange={(event) => {
            const status = event.target.value as BlotterStatus;
            onChange({ ...value, status, referredTo: status === 'referred' ? value.referredTo : '' });
          }}
        >
          {BLOTTER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {BLOTTER_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        {value.status === 'referred' && (
          <SelectField label="Referred to" required value={value.referredTo} error={errors.referredTo} onChange={(event) => set('referredTo', event.target.value as BlotterReferral)}>
            <option value="">Choose…</option>
            {BLOTTER_REFERRALS.map((referral) => (
              <option key={referral} value={referral}>
                {BLOTTER_REFERRAL_LABELS[referral]}
              </option>
            ))}
          </SelectField>
        )}
      </div>
    </div>
  );
}
