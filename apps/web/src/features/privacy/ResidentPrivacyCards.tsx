import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Download, Megaphone, ShieldCheck, Trash2 } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdvisoryOptIn } from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { ApiError, api } from '@/lib/api-client.ts';
import { downloadFile } from '@/lib/download-file.ts';
import { leaveAsResident } from '@/lib/resident-session.ts';

/**
 * A signed-in resident's choices about advisories and their data (decision 028), on the landing
 * page under their reports: how advisories reach them, a download of everything kept about them,
 * and deleting the account. Plain fetches, no query cache: it is a lazy chunk of the resident's
 * landing page only.
 */
export default function ResidentPrivacyCards() {
  return (
    <>
      <AdvisoryAlertsCard />
      <MyDataCard />
    </>
  );
}

function AdvisoryAlertsCard() {
  const { t } = useLingui();
  const [choice, setChoice] = useState<AdvisoryOptIn | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'saving' | 'error'>('loading');
  const [message, setMessage] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    api<AdvisoryOptIn>('/api/residents/me/advisory-alerts', { signal: controller.signal }).then(
      (loaded) => {
        setChoice(loaded);
        setState('ready');
      },
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError') setState('error');
      },
    );
    return () => controller.abort();
  }, []);

  async function change(next: AdvisoryOptIn) {
    const previous = choice;
    setChoice(next);
    setState('saving');
    setMessage('');
    try {
      setChoice(await api<AdvisoryOptIn>('/api/residents/me/advisory-alerts', { method: 'PUT', body: next }));
      setMessage(t`Saved.`);
    } catch (error) {
      setChoice(previous);
      setMessage(error instanceof ApiError ? error.message : t`Could not save. Please try again.`);
    } finally {
      setState('ready');
    }
  }

  return (
    <section className="card flex flex-col gap-3" aria-labelledby="advisory-alerts-title" data-testid="advisory-alerts-card">
      <h2 id="advisory-alerts-title" className="flex items-center gap-2 text-lg font-semibold">
        <Megaphone className="h-5 w-5 text-brand-600" aria-hidden="true" />
        <Trans>Barangay advisories</Trans>
      </h2>
      <p className="text-sm text-muted">
        <Trans>Typhoons, floods, curfews: get the barangay's advisories when they are issued.</Trans>
      </p>
      {state === 'loading' ? (
        <p className="text-sm text-muted">
          <Trans>Loading…</Trans>
        </p>
      ) : state === 'error' || !choice ? (
        <p className="text-sm text-danger">
          <Trans>Your choice could not be loaded. Reload the page to try again.</Trans>
        </p>
      ) : (
        <div className="flex flex-col">
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input type="checkbox" className="h-5 w-5" checked={choice.push} disabled={state === 'saving'} onChange={(event) => void change({ ...choice, push: event.target.checked })} />
            <span>
              <span className="block font-medium">
                <Trans>By push alert</Trans>
              </span>
              <span className="block text-xs text-muted">
                <Trans>On the browsers where you turned alerts on.</Trans>
              </span>
            </span>
          </label>
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input type="checkbox" className="h-5 w-5" checked={choice.sms} disabled={state === 'saving'} onChange={(event) => void change({ ...choice, sms: event.target.checked })} />
            <span>
              <span className="block font-medium">
                <Trans>By text message</Trans>
              </span>
              <span className="block text-xs text-muted">
                <Trans>To your mobile number.</Trans>
              </span>
            </span>
          </label>
        </div>
      )}
      <p className="text-xs text-muted" role="status" aria-live="polite">
        {message}
      </p>
    </section>
  );
}

function MyDataCard() {
  const { t } = useLingui();
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState('');
  const [deleting, setDeleting] = useState(false);

  async function download() {
    setDownloading(true);
    setDownloadError('');
    try {
      await downloadFile('/api/residents/me/data', 'bantay-my-data.json');
    } catch (error) {
      setDownloadError(error instanceof ApiError ? error.message : t`The download failed. Please try again.`);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="card flex flex-col gap-3" aria-labelledby="my-data-title" data-testid="my-data-card">
      <h2 id="my-data-title" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck className="h-5 w-5 text-brand-600" aria-hidden="true" />
        <Trans>Your data</Trans>
      </h2>
      <p className="text-sm text-muted">
        <Trans>
          Download everything the barangay keeps about your account, or delete it. See the{' '}
          <Link to="/privacy" className="font-medium text-brand-600 underline underline-offset-2 hover:no-underline">
            privacy notice
          </Link>
          .
        </Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary" onClick={() => void download()} disabled={downloading}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {downloading ? t`Preparing…` : t`Download my data`}
        </button>
        <button type="button" className="btn btn-ghost text-danger" onClick={() => setDeleting(true)}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          <Trans>Delete my account</Trans>
        </button>
      </div>
      {downloadError && (
        <p role="alert" className="text-sm text-danger">
          {downloadError}
        </p>
      )}
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  const [pin, setPin] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(pin)) {
      setError(t`Enter your 6-digit PIN`);
      return;
    }
    setBusy(true);
    setError('');
    try {
      await api('/api/residents/me', { method: 'DELETE', body: { pin } });
      // The server ended every session; this browser forgets the account and its alerts too.
      leaveAsResident();
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.fields[0]?.message ?? failure.message) : t`Could not delete the account. Please try again.`);
      setBusy(false);
    }
  }

  return (
    <Modal title={t`Delete your account?`} onClose={onClose}>
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <p className="text-sm">
          <Trans>
            Your account, your alerts and your sign-ins are deleted. Your reports and ratings stay with the barangay, without your
            name and number. This cannot be undone.
          </Trans>
        </p>
        <TextField
          label={t`Your PIN`}
          type="password"
          secretName="PIN"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          autoComplete="current-password"
          className="[&_input]:tracking-[0.3em]"
          value={pin}
          onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
          error={error}
          data-autofocus
        />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? t`Deleting…` : t`Delete my account`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
