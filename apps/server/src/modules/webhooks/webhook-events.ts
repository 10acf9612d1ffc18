import type { WebhookEvent } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { AdvisoryRow, AssistanceRequestRow, IncidentRow } from '../../db/schema/index.ts';
import type { AfterCommit, Executor } from '../../db/transaction.ts';
import { enqueueDeliveries } from '../deliveries/index.ts';
import { listSubscribedWebhooks } from './webhooks.repository.ts';
import { advisoryData, assistanceData, incidentData, missedPatrolData, type MissedPatrol, type WebhookBody } from './webhook-payloads.ts';

type Deps = Pick<AppDeps, 'clock' | 'deliveries'>;

/**
 * Writes one delivery per turned-on webhook subscribed to `event`, in the transaction of its cause
 * (decision 016): the event goes out exactly when the change commits. The body is written here once,
 * so every try sends the same bytes. `incidentIds` are checked again at send time: a case marked
 * confidential after this is withheld (docs/decisions/027-confidential-cases.md).
 */
async function enqueueWebhookEvent(
  deps: Deps,
  tx: Executor,
  afterCommit: AfterCommit,
  event: WebhookEvent,
  body: WebhookBody,
  incidentIds: string[],
): Promise<number> {
  const hooks = await listSubscribedWebhooks(tx, event);
  if (hooks.length === 0) return 0;
  const text = JSON.stringify(body);
  return enqueueDeliveries(
    deps,
    tx,
    afterCommit,
    hooks.map((hook) => ({
      channel: 'webhook' as const,
      webhookId: hook.id,
      kind: event,
      payload: { event, body: text, incidentIds, host: new URL(hook.url).host },
    })),
  );
}

/** A new report: `incident.emergency_reported` for an emergency, `incident.reported` otherwise. Never a confidential case. */
export async function sendIncidentReported(deps: Deps, tx: Executor, afterCommit: AfterCommit, incident: IncidentRow): Promise<void> {
  if (incident.confidential) return;
  const event = incident.classification === 'emergency' ? 'incident.emergency_reported' : 'incident.reported';
  await enqueueWebhookEvent(deps, tx, afterCommit, event, { event, occurredAt: incident.createdAt.toISOString(), data: incidentData(incident) }, [incident.id]);
}

/** An incident moved from one status to another (claimed, assigned, resolved, closed, back in the queue). */
export async function sendIncidentStatusChanged(
  deps: Deps,
  tx: Executor,
  afterCommit: AfterCommit,
  incident: IncidentRow,
  previousStatus: IncidentRow['status'],
): Promise<void> {
  if (incident.confidential || incident.status === previousStatus) return;
  const event = 'incident.status_changed';
  const body = { event, occurredAt: incident.updatedAt.toISOString(), data: { ...incidentData(incident), previousStatus } } as const;
  await enqueueWebhookEvent(deps, tx, afterCommit, event, body, [incident.id]);
}

/** A tanod asked for backup; about a confidential case, nothing is sent. */
export async function sendAssistanceRequested(
  deps: Deps,
  tx: Executor,
  afterCommit: AfterCommit,
  request: AssistanceRequestRow,
  incident: { ticket: string; confidential: boolean } | null,
): Promise<void> {
  if (incident?.confidential) return;
  const event = 'assistance.requested';
  const body = { event, occurredAt: request.createdAt.toISOString(), data: assistanceData(request, incident?.ticket ?? null) } as const;
  await enqueueWebhookEvent(deps, tx, afterCommit, event, body, request.incidentId ? [request.incidentId] : []);
}

/** An advisory came into force and its residents were alerted. */
export async function sendAdvisoryPublished(deps: Deps, tx: Executor, afterCommit: AfterCommit, advisory: AdvisoryRow, at: Date): Promise<void> {
  const event = 'advisory.published';
  await enqueueWebhookEvent(deps, tx, afterCommit, event, { event, occurredAt: at.toISOString(), data: advisoryData(advisory) }, []);
}

/** A tanod was marked absent from a patrol they never started. */
export async function sendPatrolMissed(deps: Deps, tx: Executor, afterCommit: AfterCommit, absence: MissedPatrol, at: Date): Promise<void> {
  const event = 'patrol.missed';
  await enqueueWebhookEvent(deps, tx, afterCommit, event, { event, occurredAt: at.toISOString(), data: missedPatrolData(absence) }, []);
}
