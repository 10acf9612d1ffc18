import { useState, type FormEvent } from 'react';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '@bantay/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { Modal } from '@/components/Modal.tsx';
import { QueryState } from '@/components/QueryState.tsx';
import { ShownOnceValue } from '@/components/ShownOnceValue.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { fullName } from '@/lib/full-name.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { notify } from '@/lib/toast.ts';
import { formatDateTime } from '@/lib/zoned-time.ts';
import { createApiKey, revokeApiKey, useApiKeys, useRefreshApiKeys } from './api-keys-api.ts';

/** What each scope lets a key do, in words for the supadmin choosing them. */
const SCOPE_LABELS: Record<ApiKeyScope, MessageDescriptor> = {
  'incidents:read': msg`Read incidents (the list, one incident, CSV and GeoJSON; never confidential cases)`,
  'incidents:write': msg`Add notes to incidents and resolve them`,
  'advisories:read': msg`Read the advisories`,
  'advisories:write': msg`Write, change and end advisories`,
  'tracking:read': msg`Read live positions and patrol tracks`,
  'areas:read': msg`Read the patrol areas`,
  'schedules:read': msg`Read the duty schedule`,
};

/**
 * The supadmin's API keys (docs/decisions/034-the-integration-kit.md): each one lets another system
 * (the city's map, a dashboard, a bot) call Bantay within its scopes. A new key is shown once.
 */
export function ApiKeysSection() {
  const { t } = useLingui();
  const query = useApiKeys();
  const refresh = useRefreshApiKeys();
  const timeZone = usePublicSettings().data?.timezone;
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revokingName = revoking?.name ?? '';

  async function confirmRevoke() {
    const key = revoking;
    setRevoking(null);
    if (!key) return;
    try {
      await revokeApiKey(key._id);
      notify.success(t`The key was revoked. Systems using it are refused from now on.`);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : t`Could not revoke the key`);
    }
    await refresh();
  }

  return (
    <section className="flex flex-col gap-4" aria-labelledby="api-keys-title" data-testid="api-keys-section">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="api-keys-title" className="flex items-center gap-2 text-lg font-semibold">
            <KeyRound className="h-5 w-5 text-brand-600" aria-hidden="true" />
            <Trans>API keys</Trans>
          </h2>
          <p className="text-sm text-muted">
            <Trans>A key lets another system, such as the city's map or a dashboard, read or write only what its scopes allow.</Trans>
          </p>
        </div>
        {!creating && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            <Trans>New key</Trans>
          </button>
        )}
      </div>

      {creating && (
        <NewKeyForm
          onDone={async (made) => {
            setCreating(false);
            if (made) {
              setCreated(made);
              await refresh();
            }
          }}
        />
      )}

      <QueryState
        query={query}
        loadingLabel={t`Loading API keys…`}
        errorText={t`Error loading the API keys.`}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <p className="card text-sm text-muted">
            <Trans>No API keys yet.</Trans>
          </p>
        }
      >
        {(data) => (
          <ul className="flex flex-col gap-3" aria-label={t`API keys`}>
            {data.items.map((key) => (
              <KeyRow key={key._id} apiKey={key} timeZone={timeZone} onRevoke={() => setRevoking(key)} />
            ))}
          </ul>
        )}
      </QueryState>

      {created && <CreatedKeyDialog name={created.name} apiKey={created.key} onClose={() => setCreated(null)} />}

      <ConfirmDialog
        open={revoking !== null}
        message={t`Revoke the key "${revokingName}"? Every system using it is refused at once; this cannot be undone.`}
        confirmLabel={t`Revoke`}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}

function KeyRow({ apiKey, timeZone, onRevoke }: { apiKey: ApiKey; timeZone?: string; onRevoke(): void }) {
  const { t } = useLingui();
  const name = apiKey.name;
  const created = formatDateTime(apiKey.createdAt, timeZone);
  const maker = apiKey.createdBy ? fullName(apiKey.createdBy) : null;
  const lastUsed = apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt, timeZone) : null;
  const address = apiKey.lastUsedIp ?? '';
  const revokedAt = apiKey.revokedAt ? formatDateTime(apiKey.revokedAt, timeZone) : null;
  return (
    <li className="card flex flex-col gap-2" data-api-key-row={apiKey._id}>
      <div className="flex flex-wrap items-center gap-2">
        {/* A revoked key's name is quieter, not faded: its dates must stay readable in both themes. */}
        <h3 className={`min-w-0 font-semibold [overflow-wrap:anywhere] ${revokedAt ? 'text-ink-soft' : ''}`}>{apiKey.name}</h3>
        <code className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-ink-soft">{apiKey.hint}…</code>
        {revokedAt && (
          <span className="rounded bg-danger/10 px-2 py-0.5 text-xs font-semibold text-danger">
            <Trans>Revoked {revokedAt}</Trans>
          </span>
        )}
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={t`Scopes`}>
        {apiKey.scopes.map((scope) => (
          <li key={scope} className="rounded-full bg-surface-2 px-2 py-0.5 font-mono text-xs text-ink-soft" title={t(SCOPE_LABELS[scope])}>
            {scope}
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted">
        {maker ? <Trans>Created {created} by {maker}</Trans> : <Trans>Created {created}</Trans>}
        {' · '}
        {lastUsed ? (
          address ? (
            <Trans>
              Last used {lastUsed} from {address}
            </Trans>
          ) : (
            <Trans>Last used {lastUsed}</Trans>
          )
        ) : (
          <Trans>Never used</Trans>
        )}
      </p>
      {!revokedAt && (
        <div>
          <button type="button" className="btn btn-ghost !min-h-9 !px-3 text-danger" onClick={onRevoke} aria-label={t`Revoke ${name}`}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            <Trans>Revoke</Trans>
          </button>
        </div>
      )}
    </li>
  );
}

function NewKeyForm({ onDone }: { onDone(made: { name: string; key: string } | null): Promise<void> | void }) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: typeof errors = {};
    if (name.trim() === '') problems.name = t`Give the key a name`;
    if (scopes.length === 0) problems.scopes = t`Choose at least one scope`;
    setErrors(problems);
    if (problems.name || problems.scopes) return;
    setSaving(true);
    try {
      const made = await createApiKey({ name: name.trim(), scopes });
      await onDone({ name: name.trim(), key: made.key });
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        setErrors({
          name: error.fields.find((field) => field.field === 'name')?.message,
          scopes: error.fields.find((field) => field.field.startsWith('scopes'))?.message,
        });
      } else {
        setErrors({ form: error instanceof ApiError ? error.message : t`Could not create the key` });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="card flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate aria-label={t`New API key`}>
      <TextField
        label={t`Name`}
        hint={t`Who uses it, e.g. "City GIS desk"`}
        value={name}
        maxLength={API_KEY_NAME_MAX_LENGTH}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        autoFocus
      />
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.scopes ? 'api-key-scopes-error' : undefined}>
        <legend className="mb-1.5 text-sm font-medium">
          <Trans>Scopes</Trans>
        </legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="flex min-h-11 items-start gap-3 rounded-lg border border-line px-3 py-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0"
              checked={scopes.includes(scope)}
              onChange={(event) => setScopes((current) => (event.target.checked ? [...current, scope] : current.filter((item) => item !== scope)))}
            />
            <span className="min-w-0">
              <span className="block font-mono text-xs font-semibold">{scope}</span>
              <span className="block text-ink-soft">{t(SCOPE_LABELS[scope])}</span>
            </span>
          </label>
        ))}
        {errors.scopes && (
          <p id="api-key-scopes-error" className="text-sm text-danger">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      {errors.form && <p className="text-sm text-danger">{errors.form}</p>}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-secondary" onClick={() => void onDone(null)} disabled={saving}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? t`Creating…` : t`Create key`}
        </button>
      </div>
    </form>
  );
}

function CreatedKeyDialog({ name, apiKey, onClose }: { name: string; apiKey: string; onClose(): void }) {
  const { t } = useLingui();
  return (
    <Modal title={t`The key for ${name}`} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <ShownOnceValue
          value={apiKey}
          copyLabel={t`Copy the key`}
          testId="created-api-key"
          warning={<Trans>Copy it now: it is shown only this once. Anyone holding it can act within its scopes, so keep it as you would a password.</Trans>}
          note={t`Send it as the header Authorization: Bearer followed by the key.`}
        />
        <div className="flex justify-end">
          <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
            <Trans>Done</Trans>
          </button>
        </div>
      </div>
    </Modal>
  );
}
