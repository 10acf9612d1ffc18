import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WebhookDelivery, WebhookEvent } from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { QueryState } from '@/components/QueryState.tsx';
import { ShownOnceValue } from '@/components/ShownOnceValue.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { notify } from '@/lib/toast.ts';
import { formatDateTime } from '@/lib/zoned-time.ts';
import { WEBHOOK_EVENT_LABELS } from './webhook-event-labels.ts';
import { retryDelivery, useWebhookDeliveries } from './webhooks-api.ts';

const OUTCOME_STYLES: Record<WebhookDelivery['outcome'], { className: string }> = {
  pending: { className: 'bg-amber-500/15 text-amber-900 dark:text-amber-200' },
  sent: { className: 'bg-emerald-500/15 text-emerald-900 dark:text-emerald-200' },
  failed: { className: 'bg-danger/10 text-danger' },
  withheld: { className: 'bg-surface-2 text-ink-soft' },
};

/** A webhook's last deliveries: event, delivery id, tries, last answer, next try, outcome; a failed one can be retried. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const { t } = useLingui();
  const query = useWebhookDeliveries(webhookId);
  return (
    <div className="mt-3">
      <QueryState
        query={query}
        loadingLabel={t`Loading the delivery log…`}
        errorText={t`Error loading the delivery log.`}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <p className="text-sm text-muted">
            <Trans>Nothing sent yet. Use Test to send a ping.</Trans>
          </p>
        }
      >
        {(data) => (
          <ul className="flex flex-col divide-y divide-line rounded-lg border border-line" aria-label={t`Delivery log`}>
            {data.items.map((item) => (
              <DeliveryLine key={item._id} item={item} onRetried={() => void query.refetch()} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function DeliveryLine({ item, onRetried }: { item: WebhookDelivery; onRetried(): void }) {
  const { t } = useLingui();
  const timeZone = usePublicSettings().data?.timezone;
  const [retrying, setRetrying] = useState(false);
  const outcome = {
    pending: t`Waiting`,
    sent: t`Sent`,
    failed: t`Failed`,
    withheld: t`Withheld`,
  }[item.outcome];
  const label = WEBHOOK_EVENT_LABELS[item.event as WebhookEvent | 'ping'];
  const attempts = item.attempts;
  const status = item.lastStatusCode === null ? '—' : String(item.lastStatusCode);
  const at = formatDateTime(item.createdAt, timeZone);
  const next = item.nextAttemptAt ? formatDateTime(item.nextAttemptAt, timeZone) : null;
  const deliveryId = item._id;

  async function retry() {
    setRetrying(true);
    try {
      await retryDelivery(item._id);
      notify.success(t`Trying again.`);
      onRetried();
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : t`Could not try again`);
    } finally {
      setRetrying(false);
    }
  }

  return (
    <li className="flex flex-col gap-1 p-3 text-sm" data-delivery={item._id}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${OUTCOME_STYLES[item.outcome].className}`}>{outcome}</span>
        <span className="font-mono text-xs font-semibold" title={label ? t(label) : undefined}>
          {item.event}
        </span>
        <span className="text-xs text-muted">{at}</span>
      </div>
      <p className="text-xs text-ink-soft">
        <Trans>
          Tries: {attempts} · last answer: {status}
        </Trans>
        {next && (
          <>
            {' · '}
            <Trans>next try {next}</Trans>
          </>
        )}
      </p>
      {item.lastError && <p className="text-xs text-muted [overflow-wrap:anywhere]">{item.lastError}</p>}
      <p className="font-mono text-[11px] text-muted [overflow-wrap:anywhere]">
        <Trans>Delivery {deliveryId}</Trans>
      </p>
      {item.outcome === 'failed' && (
        <div>
          <button type="button" className="btn btn-secondary !min-h-9 !px-3" onClick={() => void retry()} disabled={retrying}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
    </li>
  );
}

/** The signing secret of a new webhook or a replaced one: shown this once, with a copy button. */
export function WebhookSecretDialog({ url, secret, onClose }: { url: string; secret: string; onClose(): void }) {
  const { t } = useLingui();
  return (
    <Modal title={t`The signing secret`} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <p className="text-sm [overflow-wrap:anywhere]">
          <code className="font-mono text-xs">{url}</code>
        </p>
        <ShownOnceValue
          value={secret}
          copyLabel={t`Copy the secret`}
          testId="webhook-secret"
          warning={<Trans>Copy it now: it is shown only this once. Give it to the receiving system, which checks every event with it.</Trans>}
          note={t`Each event carries X-Bantay-Signature: t=<time>,v1=<HMAC-SHA256 of time.body with this secret>.`}
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
