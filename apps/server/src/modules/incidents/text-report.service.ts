import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { IncidentClassification, IncidentSource } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { IncidentRow } from '../../db/schema/index.ts';
import type { AfterCommit, Tx } from '../../db/transaction.ts';
import type { Locale } from '../../lib/i18n.ts';
import { incidentTypeLabel } from '../../lib/incident-types.ts';
import { notify } from '../notifications/index.ts';
import { enqueueEmergencySmsAlerts, tanodsToAlert } from '../incident-alerts/index.ts';
import { sendIncidentReported } from '../webhooks/index.ts';
import { insertIncident, insertIncidentEvent } from './incidents.repository.ts';
import { incidentChange } from './incident-change.ts';
import { newTicket } from './ticket.ts';

/**
 * A report that came by text or missed call to the barangay's phone (docs/decisions/032-the-text-line.md),
 * written in the text line's transaction so its thread and the incident commit together. The web
 * form's own checks (bot-check, device and address limits, the boundary) have no meaning for a
 * verified resident's phone or an admin's pin; the rest is the web report's: the `created` step,
 * the admins and on-duty tanods notified (and pushed), an emergency's SMS alerts to staff, and the
 * reporter's number kept, so the resolution is texted as for a web report. The receipt is the text
 * line's own reply, which it counts under its per-number cap. No duplicate hint: a text carries no
 * place of its own, only the sender's home.
 */
interface TextReportInput {
  /** One of the barangay's incident types, as the caller chose it (keywords, or an admin). */
  type: string;
  classification: IncidentClassification;
  description: string;
  location: { lat: number; lng: number };
  /** The purok or landmark the place came from, shown to staff. */
  landmark: string | null;
  source: Exclude<IncidentSource, 'web'>;
  reporterId: string | null;
  reporterName: string | null;
  /** E.164: the resolution is texted here; for a missed call, the number the tanods call back. */
  reporterPhone: string;
  reporterLanguage: Locale;
  /** The admin who made it from the inbox; null when the text made it by itself. */
  actorId: string | null;
  /** A confidential type makes a confidential case from the start (docs/decisions/027-confidential-cases.md). */
  confidential: boolean;
}

export async function reportByText(
  deps: Pick<AppDeps, 'config' | 'clock' | 'events' | 'deliveries'>,
  tx: Tx,
  afterCommit: AfterCommit,
  input: TextReportInput,
): Promise<IncidentRow> {
  const now = deps.clock.now();
  let row: IncidentRow | undefined;
  for (let attempt = 0; !row && attempt < 5; attempt += 1) {
    row = await insertIncident(tx, {
      ticket: newTicket(input.classification),
      type: input.type,
      classification: input.classification,
      description: input.description,
      occurredAt: now,
      lat: input.location.lat,
      lng: input.location.lng,
      accuracy: null,
      address: null,
      landmark: input.landmark,
      reporterId: input.reporterId,
      reporterName: input.reporterName,
      reporterPhone: input.reporterPhone,
      reporterLanguage: input.reporterLanguage,
      source: input.source,
      confidential: input.confidential,
      createdAt: now,
      updatedAt: now,
    });
  }
  if (!row) throw new Error('could not draw a free ticket in 5 attempts');
  await insertIncidentEvent(tx, { incidentId: row.id, at: now, kind: 'created', actorId: input.actorId });
  const created = row;
  const message = () => textStaffMessage(created);
  const entity = { type: 'incident' as const, id: created.id };
  const kind = created.classification === 'emergency' ? 'incident.emergency_reported' : 'incident.reported';
  // The number to call back rides on the notice, for the panel's tap-to-call.
  const callbackPhone = created.reporterPhone ?? undefined;
  await notify(deps, tx, afterCommit, { role: 'admins' }, { message, kind, entity, callbackPhone });
  await notify(deps, tx, afterCommit, { userIds: await tanodsToAlert(tx, created, now) }, { message, kind, entity, callbackPhone });
  await enqueueEmergencySmsAlerts(deps, tx, afterCommit, created, { level: 0 }, now);
  await sendIncidentReported(deps, tx, afterCommit, created);
  afterCommit(() => deps.events.publish('incident.created', { ...incidentChange(created), classification: created.classification }));
  return created;
}

/** The panel's text, with the number to call back written out too (a lock screen shows no button). */
function textStaffMessage(incident: IncidentRow): MessageDescriptor {
  const lead = incident.classification === 'emergency' ? t`EMERGENCY incident reported` : t`New incident reported`;
  const { ticket } = incident;
  const phone = incident.reporterPhone ?? '';
  // Only admins get it, and it may show on a lock screen: neither what nor where.
  if (incident.confidential) return msg`${lead}: a confidential case, ticket ${ticket}. Assign a responder.`;
  const place = (incident.landmark ?? '').slice(0, 120);
  const type = incidentTypeLabel(incident.type);
  if (incident.source === 'missed_call') {
    if (place) return msg`${lead}: missed call from ${phone} near ${place}, ticket ${ticket}. Call back ${phone}.`;
    return msg`${lead}: missed call from ${phone}, ticket ${ticket}. Call back ${phone}.`;
  }
  if (place) return msg`${lead} by text: ${type} near ${place}, ticket ${ticket}. Call back ${phone}.`;
  return msg`${lead} by text: ${type}, ticket ${ticket}. Call back ${phone}.`;
}
