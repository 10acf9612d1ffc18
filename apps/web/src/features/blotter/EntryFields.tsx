import { Plus, Trash2 } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
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

/** The two lists of parties; each is also the field the server names in its errors (`complainants.0.phone`). */
type PartyList = 'complainants' | 'respondents';

function PartiesEditor({
  list,
  parties,
  errors,
  onChange,
  required,
}: {
  list: PartyList;
  parties: PartyInput[];
  errors: Record<string, string>;
  onChange(parties: PartyInput[]): void;
  required: boolean;
}) {
  const { t } = useLingui();
  const errorPrefix = list;
  const update = (index: number, patch: Partial<PartyInput>) => onChange(parties.map((party, i) => (i === index ? { ...party, ...patch } : party)));
  const listError = errors[errorPrefix];
  /** "Remove Rosa Mendoza", or "Remove complainants 2" for a party not named yet. */
  const removeLabel = (party: PartyInput, number: number) => {
    const name = party.name;
    if (name) return t`Remove ${name}`;
    return list === 'complainants' ? t`Remove complainants ${number}` : t`Remove respondents ${number}`;
  };
  return (
    <fieldset className="space-y-3 rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-semibold">{list === 'complainants' ? t`Complainants` : t`Respondents`}</legend>
      {parties.length === 0 && <p className="text-sm text-muted">{required ? t`Add at least one.` : t`None named.`}</p>}
      {parties.map((party, index) => {
        const number = index + 1;
        return (
          <div key={index} className="grid gap-2 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1.6fr)_minmax(0,1fr)_auto] sm:items-end">
            <TextField
              label={t`Name ${number}`}
              value={party.name}
              required
              maxLength={120}
              error={errors[`${errorPrefix}.${index}.name`]}
              onChange={(event) => update(index, { name: event.target.value })}
            />
            <TextField
              label={t`Address`}
              value={party.address}
              maxLength={300}
              error={errors[`${errorPrefix}.${index}.address`]}
              onChange={(event) => update(index, { address: event.target.value })}
            />
            <TextField
              label={t`Phone`}
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
              aria-label={removeLabel(party, number)}
              onClick={() => onChange(parties.filter((_, i) => i !== index))}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </button>
          </div>
        );
      })}
      {listError && (
        <p className="text-sm text-danger" role="alert">
          {listError}
        </p>
      )}
      <button type="button" className="btn btn-secondary" onClick={() => onChange([...parties, { ...EMPTY_PARTY }])}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        {list === 'complainants' ? t`Add a complainant` : t`Add a respondent`}
      </button>
    </fieldset>
  );
}

/** The entry's fields, shared by "Record in blotter" and "Amend"; errors are the server's, by field. */
export function EntryFields({ value, onChange, errors }: { value: EntryInput; onChange(value: EntryInput): void; errors: Record<string, string> }) {
  const { t } = useLingui();
  const set = <K extends keyof EntryInput>(key: K, next: EntryInput[K]) => onChange({ ...value, [key]: next });
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t`Date and time it happened`}
          type="datetime-local"
          required
          value={value.occurredAt}
          error={errors.occurredAt}
          onChange={(event) => set('occurredAt', event.target.value)}
        />
        <TextField label={t`Nature`} required maxLength={200} value={value.nature} error={errors.nature} onChange={(event) => set('nature', event.target.value)} />
      </div>
      <TextField label={t`Place`} required maxLength={300} value={value.place} error={errors.place} onChange={(event) => set('place', event.target.value)} />
      <PartiesEditor list="complainants" parties={value.complainants} errors={errors} required onChange={(next) => set('complainants', next)} />
      <PartiesEditor list="respondents" parties={value.respondents} errors={errors} required={false} onChange={(next) => set('respondents', next)} />
      <TextAreaField label={t`Narrative`} required rows={6} maxLength={8000} value={value.narrative} error={errors.narrative} onChange={(event) => set('narrative', event.target.value)} />
      <TextAreaField label={t`Action taken`} required rows={3} maxLength={4000} value={value.actionTaken} error={errors.actionTaken} onChange={(event) => set('actionTaken', event.target.value)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t`Status`}
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
          <SelectField label={t`Referred to`} required value={value.referredTo} error={errors.referredTo} onChange={(event) => set('referredTo', event.target.value as BlotterReferral)}>
            <option value="">{t`Choose…`}</option>
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
