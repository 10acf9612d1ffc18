import { useState, type FormEvent } from 'react';
import { Pencil, Plus, Power, RotateCw, Send, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS, type Webhook, type WebhookEvent } from '@bantay/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { QueryState } from '@/components/QueryState.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { notify } from '@/lib/toast.ts';
import { formatDateTime } from '@/lib/zoned-time.ts';
import { WebhookDeliveries, WebhookSecretDialog } from './WebhookDeliveries.tsx';
import { WEBHOOK_EVENT_LABELS } from './webhook-event-labels.ts';
import { createWebhook, deleteWebhook, rotateWebhookSecret, testWebhook, updateWebhook, useRefreshWebhooks, useWebhooks } from './webhooks-api.ts';

/**
 * The supadmin's webhooks (docs/decisions/034-the-integration-kit.md): Bantay posts the chosen
 * events, signed, to another system's https address. The signing secret is shown once, when the
 * webhook is made or its secret replaced.
 */
export function WebhooksSection() {
  const { t } = useLingui();
  const query = useWebhooks();
  const refresh = useRefreshWebhooks();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const removingUrl = removing?.url ?? '';
  const rotatingUrl = rotating?.url ?? '';

  async function act(run: () => Promise<unknown>, done: string, failed: string) {
    try {
      await run();
      notify.success(done);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : failed);
    }
    await refresh();
  }

  async function confirmRotate() {
    const hook = rotating;
    setRotating(null);
    if (!hook) return;
    try {
      const answer = await rotateWebhookSecret(hook._id);
      setSecret({ url: answer.url, secret: answer.secret });
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : t`Could not replace the secret`);
    }
    await refresh();
  }

  return (
    <section className="flex flex-col gap-4" aria-labelledby="webhooks-title" data-testid="webhooks-section">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1 basis-72">
          <h2 id="webhooks-title" className="flex items-center gap-2 text-lg font-semibold">
            <WebhookIcon className="h-5 w-5 text-brand-600" aria-hidden="true" />
            <Trans>Webhooks</Trans>
          </h2>
          <p className="text-sm text-muted">
            <Trans>Bantay posts the events you choose, signed, to another system's https address, and tries again when it does not answer. Confidential cases are never sent.</Trans>
          </p>
        </div>
        {!creating && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            <Trans>New webhook</Trans>
          </button>
        )}
      </div>

      {creating && (
        <WebhookForm
          onCancel={() => setCreating(false)}
          onSave={async (url, events) => {
            const made = await createWebhook({ url, events });
            setCreating(false);
            setSecret({ url: made.url, secret: made.secret });
            await refresh();
          }}
        />
      )}

      <QueryState
        query={query}
        loadingLabel={t`Loading webhooks…`}
        errorText={t`Error loading the webhooks.`}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <p className="card text-sm text-muted">
            <Trans>No webhooks yet.</Trans>
          </p>
        }
      >
        {(data) => (
          <ul className="flex flex-col gap-3" aria-label={t`Webhooks`}>
            {data.items.map((hook) => (
              <WebhookRow
                key={hook._id}
                hook={hook}
                onEdit={(events) => act(() => updateWebhook(hook._id, { events }), t`The events were saved.`, t`Could not save the events`)}
                onToggle={() =>
                  act(
                    () => updateWebhook(hook._id, { enabled: !hook.enabled }),
                    hook.enabled ? t`The webhook is off: nothing more is sent to it.` : t`The webhook is on again.`,
                    t`Could not change the webhook`,
                  )
                }
                onTest={() => act(() => testWebhook(hook._id), t`A test event is on its way; its outcome shows in the delivery log.`, t`Could not send the test`)}
                onRotate={() => setRotating(hook)}
                onRemove={() => setRemoving(hook)}
              />
            ))}
          </ul>
        )}
      </QueryState>

      {secret && <WebhookSecretDialog url={secret.url} secret={secret.secret} onClose={() => setSecret(null)} />}

      <ConfirmDialog
        open={rotating !== null}
        message={t`Replace the signing secret of ${rotatingUrl}? From now on every event is signed with the new one, so the receiver must be given it at once.`}
        confirmLabel={t`Replace secret`}
        onConfirm={() => void confirmRotate()}
        onCancel={() => setRotating(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        message={t`Delete the webhook to ${removingUrl}? Nothing more is sent to it, and its delivery log goes with it.`}
        confirmLabel={t`Delete`}
        onConfirm={() => {
          const hook = removing;
          setRemoving(null);
          if (hook) void act(() => deleteWebhook(hook._id), t`The webhook was deleted.`, t`Could not delete the webhook`);
        }}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

interface RowProps {
  hook: Webhook;
  onEdit(events: WebhookEvent[]): Promise<void>;
  onToggle(): void;
  onTest(): void;
  onRotate(): void;
  onRemove(): void;
}

function WebhookRow({ hook, onEdit, onToggle, onTest, onRotate, onRemove }: RowProps) {
  const { t } = useLingui();
  const timeZone = usePublicSettings().data?.timezone;
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const created = formatDateTime(hook.createdAt, timeZone);
  const rotated = formatDateTime(hook.secretRotatedAt, timeZone);
  const url = hook.url;
  return (
    <li className={`card flex flex-col gap-3 ${hook.enabled ? '' : 'opacity-80'}`} data-webhook-row={hook._id}>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 font-mono text-sm font-semibold [overflow-wrap:anywhere]">{hook.url}</code>
        {!hook.enabled && (
          <span className="rounded bg-surface-2 px-2 py-0.5 text-xs font-semibold text-ink-soft">
            <Trans>Off</Trans>
          </span>
        )}
      </div>
      {editing ? (
        <WebhookForm
          initialEvents={hook.events}
          onCancel={() => setEditing(false)}
          onSave={async (_url, events) => {
            await onEdit(events);
            setEditing(false);
          }}
        />
      ) : (
        <ul className="flex flex-wrap gap-1.5" aria-label={t`Events`}>
          {hook.events.map((event) => (
            <li key={event} className="rounded-full bg-surface-2 px-2 py-0.5 font-mono text-xs text-ink-soft" title={t(WEBHOOK_EVENT_LABELS[event])}>
              {event}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted">
        <Trans>
          Created {created} · secret from {rotated}
        </Trans>
      </p>
      <div className="flex flex-wrap gap-1">
        <button type="button" className="btn btn-ghost !min-h-9 !px-3" onClick={onTest} aria-label={t`Send a test to ${url}`}>
          <Send className="h-4 w-4" aria-hidden="true" />
          <Trans>Test</Trans>
        </button>
        {!editing && (
          <button type="button" className="btn btn-ghost !min-h-9 !px-3" onClick={() => setEditing(true)} aria-label={t`Edit the events of ${url}`}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            <Trans>Events</Trans>
          </button>
        )}
        <button type="button" className="btn btn-ghost !min-h-9 !px-3" onClick={onToggle} aria-pressed={!hook.enabled}>
          <Power className="h-4 w-4" aria-hidden="true" />
          {hook.enabled ? <Trans>Turn off</Trans> : <Trans>Turn on</Trans>}
        </button>
        <button type="button" className="btn btn-ghost !min-h-9 !px-3" onClick={onRotate}>
          <RotateCw className="h-4 w-4" aria-hidden="true" />
          <Trans>New secret</Trans>
        </button>
        <button type="button" className="btn btn-ghost !min-h-9 !px-3 text-danger" onClick={onRemove} aria-label={t`Delete the webhook to ${url}`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          <Trans>Delete</Trans>
        </button>
      </div>
      <details onToggle={(event) => setShowLog(event.currentTarget.open)}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700 dark:text-brand-300">
          <Trans>Delivery log</Trans>
        </summary>
        {showLog && <WebhookDeliveries webhookId={hook._id} />}
      </details>
    </li>
  );
}

interface FormProps {
  initialEvents?: WebhookEvent[];
  onSave(url: string, events: WebhookEvent[]): Promise<void>;
  onCancel(): void;
}

/** A new webhook (URL and events), or the events of one (initialEvents given). */
function WebhookForm({ initialEvents, onSave, onCancel }: FormProps) {
  const { t } = useLingui();
  const editing = initialEvents !== undefined;
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(initialEvents ?? []);
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: typeof errors = {};
    if (!editing && !url.trim().startsWith('https://')) problems.url = t`Enter the receiver's https:// URL`;
    if (events.length === 0) problems.events = t`Choose at least one event`;
    setErrors(problems);
    if (problems.url || problems.events) return;
    setSaving(true);
    try {
      // In the list's order, whatever order they were ticked in.
      await onSave(url.trim(), WEBHOOK_EVENTS.filter((item) => events.includes(item)));
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        setErrors({
          url: error.fields.find((field) => field.field === 'url')?.message,
          events: error.fields.find((field) => field.field.startsWith('events'))?.message,
        });
      } else {
        setErrors({ form: error instanceof ApiError ? error.message : t`Could not save the webhook` });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="card flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate aria-label={editing ? t`Webhook events` : t`New webhook`}>
      {!editing && (
        <TextField
          label={t`Receiver URL`}
          hint={t`An https:// address on the internet, e.g. https://gis.example.gov.ph/bantay`}
          type="url"
          inputMode="url"
          value={url}
          maxLength={WEBHOOK_LIMITS.urlMaxLength}
          onChange={(event) => setUrl(event.target.value)}
          error={errors.url}
          autoFocus
        />
      )}
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend className="mb-1.5 text-sm font-medium">
          <Trans>Events</Trans>
        </legend>
        {WEBHOOK_EVENTS.map((item) => (
          <label key={item} className="flex min-h-11 items-start gap-3 rounded-lg border border-line px-3 py-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0"
              checked={events.includes(item)}
              onChange={(event) => setEvents((current) => (event.target.checked ? [...current, item] : current.filter((other) => other !== item)))}
            />
            <span className="min-w-0">
              <span className="block font-mono text-xs font-semibold">{item}</span>
              <span className="block text-ink-soft">{t(WEBHOOK_EVENT_LABELS[item])}</span>
            </span>
          </label>
        ))}
        {errors.events && (
          <p id="webhook-events-error" className="text-sm text-danger">
            {errors.events}
          </p>
        )}
      </fieldset>
      {errors.form && <p className="text-sm text-danger">{errors.form}</p>}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={saving}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? t`Saving…` : editing ? t`Save events` : t`Create webhook`}
        </button>
      </div>
    </form>
  );
}
