import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/transaction.ts';
import type { IncidentRow } from '../../db/schema/index.ts';
import { enqueueDeliveries } from '../deliveries/deliveries.service.ts';
import type { AfterCommit } from '../notifications/notifications.service.ts';
import { listSmsAlertRecipients } from './incident-sms.repository.ts';
import { staffIncidentPath, ticketPagePath } from './incident-links.ts';
import { tanodsToAlert } from './on-duty.ts';

/**
 * The incident texts. Each is a delivery written in the transaction of the change
 * that causes it (the report, the escalation, the resolution) and sent after commit by the delivery
 * worker with retries (decision 016), so a rolled-back change texts nobody and a gateway that is
 * down delays a text instead of losing it. Every text has a dedupe key: one per person, incident
 * and level for staff alerts, one per incident for the reporter's.
 */

type Deps = Pick<AppDeps, 'config' | 'clock' | 'deliveries'>;

/** One SMS segment in the GSM alphabet; longer texts cost two and may arrive split. */
const SMS_MAX = 160;

type AlertIncident = Pick<IncidentRow, 'id' | 'ticket' | 'type' | 'classification' | 'landmark' | 'address' | 'confidential'>;

/** Level 0 is the report itself; 1 and 2 are the escalation job's levels (escalation.job.ts). */
export type SmsAlertLevel = { level: 0 } | { level: 1 | 2; waited: string };

/**
 * With SMS_ALERTS on, texts a new emergency, or one of its escalation levels, to every on-duty
 * tanod and admin who has a phone number: at most one SMS per person, incident and level, even
 * when two instances escalate at once (the dedupe key). Normal reports are never texted: the panel
 * and push are enough for them, and every text costs the barangay money. Returns how many were new.
 */
export async function enqueueEmergencySmsAlerts(
  deps: Deps,
  tx: Executor,
  afterCommit: AfterCommit,
  incident: AlertIncident,
  alert: SmsAlertLevel,
  now: Date,
): Promise<number> {
  if (!deps.config.smsAlerts || incident.classification !== 'emergency') return 0;
  const recipients = await listSmsAlertRecipients(tx, await tanodsToAlert(tx, incident, now));
  return enqueueDeliveries(
    deps,
    tx,
    afterCommit,
    recipients.map((person) => ({
      channel: 'sms' as const,
      userId: person.id,
      to: person.phoneNumber,
      kind: alert.level === 0 ? 'incident.emergency_reported' : 'incident.escalated',
      dedupeKey: `sms-alert:${incident.id}:${alert.level}:${person.id}`,
      payload: { text: staffAlertText(incident, alert, `${deps.config.publicUrl}${staffIncidentPath(person.userType, incident.id)}`) },
    })),
  );
}

function staffAlertText(incident: AlertIncident, alert: SmsAlertLevel, link: string): string {
  // A text sits on a phone's lock screen: a confidential case says neither what nor where.
  const place = incident.confidential ? null : (incident.landmark ?? incident.address);
  const { ticket } = incident;
  const type = incident.confidential ? 'confidential case' : incident.type;
  if (alert.level === 0) return withPlace((near) => `Bantay EMERGENCY ${ticket} (${type}${near}). Open ${link}`, place);
  const lead = alert.level === 2 ? 'Bantay reminder: EMERGENCY' : 'Bantay: EMERGENCY';
  const still = alert.level === 2 ? 'still has no responder after' : 'has had no responder for';
  return withPlace((near) => `${lead} ${ticket} (${type}${near}) ${still} ${alert.waited}. Open ${link}`, place);
}

/**
 * The place the reporter typed, on one line and cut so that the text fits one SMS when it can;
 * left out when even a few words of it would not fit (the link matters more, and the escalation
 * texts, with their longer wording, often have no room left: the first text named the place).
 */
function withPlace(build: (near: string) => string, place: string | null): string {
  const clean = (place ?? '').replace(/\s+/g, ' ').trim();
  const bare = build('');
  if (!clean) return bare;
  const room = SMS_MAX - bare.length - ' near '.length;
  if (clean.length <= room) return build(` near ${clean}`);
  if (room < 12) return bare;
  return build(` near ${clean.slice(0, room - 3).trimEnd()}...`);
}

type ReporterIncident = Pick<IncidentRow, 'id' | 'ticket' | 'reporterId' | 'reporterPhone'>;

/** The reporter's receipt: the ticket and the link that opens its status page. */
export async function enqueueReceiptSms(deps: Deps, tx: Executor, afterCommit: AfterCommit, incident: ReporterIncident): Promise<number> {
  if (!incident.reporterPhone) return 0;
  const link = `${deps.config.publicUrl}${ticketPagePath(incident.ticket)}`;
  return enqueueDeliveries(deps, tx, afterCommit, [
    {
      channel: 'sms',
      userId: incident.reporterId,
      to: incident.reporterPhone,
      kind: 'ticket.received',
      dedupeKey: `sms-ticket-received:${incident.id}`,
      payload: { text: `Bantay: we received your report. Your ticket is ${incident.ticket}. Track it at ${link}` },
    },
  ]);
}

/** Once per ticket, when it is resolved: the reporter learns it without having to look. */
export async function enqueueResolvedSms(deps: Deps, tx: Executor, afterCommit: AfterCommit, incident: ReporterIncident): Promise<number> {
  if (!incident.reporterPhone) return 0;
  const link = `${deps.config.publicUrl}${ticketPagePath(incident.ticket)}`;
  return enqueueDeliveries(deps, tx, afterCommit, [
    {
      channel: 'sms',
      userId: incident.reporterId,
      to: incident.reporterPhone,
      kind: 'ticket.resolved',
      dedupeKey: `sms-ticket-resolved:${incident.id}`,
      payload: { text: `Bantay: your report ${incident.ticket} has been resolved. Details: ${link}` },
    },
  ]);
}
