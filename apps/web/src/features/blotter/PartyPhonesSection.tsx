import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BlotterEntry } from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { notify } from '@/lib/toast.ts';
import { amendPartyPhone, useRefreshBlotter } from './blotter-api.ts';
import { errorText, fieldErrors } from './blotter-format.ts';

/** Who a phone names on the entry now ("Complainant Rosa Mendoza"), or that it is a former party's. */
function useWhoseNumber(entry: BlotterEntry) {
  const { t } = useLingui();
  return (phone: string): string => {
    const names = [
      ...entry.complainants.filter((party) => party.phone === phone).map(({ name }) => t`Complainant ${name}`),
      ...entry.respondents.filter((party) => party.phone === phone).map(({ name }) => t`Respondent ${name}`),
    ];
    return names.length ? names.join(' · ') : t`A former party (no longer on the entry)`;
  };
}

function CorrectPhoneDialog({ entry, phone, onClose }: { entry: BlotterEntry; phone: string; onClose(): void }) {
  const { t } = useLingui();
  const [replacement, setReplacement] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshBlotter();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setErrors({ reason: t`Say why the number is corrected or removed.` });
    setBusy(true);
    amendPartyPhone(entry._id, { phone, replacement: replacement.trim() || null, reason: reason.trim() })
      .then(() => {
        notify.success(replacement.trim() ? t`Number corrected` : t`Number removed from the entry`);
        void refresh();
        onClose();
      })
      .catch((failure: unknown) => {
        setErrors(fieldErrors(failure));
        notify.error(errorText(failure));
      })
      .finally(() => setBusy(false));
  };

  return (
    <Modal title={t`Correct or remove ${phone}`} onClose={onClose} widthClass="max-w-lg">
      <form onSubmit={submit} noValidate className="space-y-4" aria-busy={busy}>
        <p className="text-sm text-muted">
          <Trans>
            The holder of this number stops seeing the entry and cannot ask for its copy. The parties named with it get the new number, as an amendment
            with your reason.
          </Trans>
        </p>
        <TextField
          label={t`New number (leave empty to remove)`}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={32}
          value={replacement}
          error={errors.replacement}
          onChange={(event) => setReplacement(event.target.value)}
        />
        <TextAreaField label={t`Reason`} required rows={2} maxLength={1000} value={reason} error={errors.reason} onChange={(event) => setReason(event.target.value)} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t`Saving…` : replacement.trim() ? t`Correct the number` : t`Remove the number`}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * The phones that see the entry among a resident's "My blotter entries" (docs/decisions/026-the-blotter.md):
 * an admin corrects a mistyped one or removes one that is no longer the party's.
 */
export function PartyPhonesSection({ entry }: { entry: BlotterEntry }) {
  const { t } = useLingui();
  const whose = useWhoseNumber(entry);
  const [editing, setEditing] = useState<string | null>(null);
  if (entry.partyPhones.length === 0) return null;
  return (
    <section className="space-y-2 border-t border-line pt-4" aria-labelledby={`phones-${entry._id}`}>
      <h3 id={`phones-${entry._id}`} className="text-sm font-semibold uppercase tracking-wide text-muted">
        <Trans>Phones that see this entry</Trans>
      </h3>
      <ul className="space-y-2 text-sm">
        {entry.partyPhones.map((phone) => (
          <li key={phone} className="flex flex-wrap items-center gap-2 rounded-lg border border-line p-3">
            <span className="min-w-0 flex-1">
              <span className="font-mono">{phone}</span>
              <span className="block text-muted">{whose(phone)}</span>
            </span>
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(phone)} aria-label={t`Correct or remove ${phone}`}>
              <Trans>Correct…</Trans>
            </button>
          </li>
        ))}
      </ul>
      {editing && <CorrectPhoneDialog entry={entry} phone={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
