import { msg } from '@lingui/core/macro';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { users } from '../../db/schema/index.ts';
import { translate, withLocale, type Locale } from '../../lib/i18n.ts';
import { incidentTypeLabel } from '../../lib/incident-types.ts';
import type { AfterCommit, Executor } from '../../db/transaction.ts';
import type { IncidentRow } from '../../db/schema/index.ts';
import { enqueueDeliveries } from '../deliveries/index.ts';
import { listSmsAlertRecipients } from './incident-sms.repository.ts';
import { staffIncidentPath, ticketPagePath } from './incident-links.ts';
import { tanodsToAlert } from './alert-recipients.ts';

/**
 * The incident texts. Each is a delivery written in the transaction of the change
 * that causes it (the report, the escalation, the resolution) and sent after commit by the delivery
 * worker with retries (decision 016), so a rolled-back change texts nobody and a gateway that is
 * down delays a text instead of losing it. Every text has a dedupe key: one per person, incident
 * and level for staff alerts, one per incident for the reporter's. Each is written in its recipient's
 * language (decision 029): a staff member's account language; a reporter's account language, else
 * the language they reported in (`incidents.reporter_language`); English when neither is known.
 */

type Deps = Pick<AppDeps, 'config' | 'clock' | 'deliveries'>;

/** One SMS segment in the GSM alphabet; longer texts cost two and may arrive split. */
const SMS_MAX = 160;

type AlertIncident = Pick<IncidentRow, 'id' | 'ticket' | 'type' | 'classification' | 'landmark' | 'address' | 'confidential'>;

/**
 * Level 0 is the report itself; 1 and 2 are the escalation job's levels (escalation.job.ts), with
 * how long it waited, written in the language in use when called (each text's own).
 */
export type SmsAlertLevel = { level: 0 } | { level: 1 | 2; waited: () => string };

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
      payload: { text: staffAlertText(incident, alert, `${deps.config.publicUrl}${staffIncidentPath(person.userType, incident.id)}`, person.language ?? 'en') },
    })),
  );
}

function staffAlertText(incident: AlertIncident, alert: SmsAlertLevel, link: string, locale: Locale): string {
  return withLocale(locale, () => {
    // A text sits on a phone's lock screen: a confidential case says neither what nor where.
    const place = incident.confidential ? null : (incident.landmark ?? incident.address);
    const { ticket } = incident;
    const type = incident.confidential ? translate(msg`confidential case`, locale) : incidentTypeLabel(incident.type, locale);
    const near = (at: string) => ` ${translate(msg`near ${at}`, locale)}`;
    if (alert.level === 0) return withPlace((where) => translate(msg`Bantay EMERGENCY ${ticket} (${type}${where}). Open ${link}`, locale), place, near);
    const waited = alert.waited();
    if (alert.level === 2) {
      return withPlace((where) => translate(msg`Bantay reminder: EMERGENCY ${ticket} (${type}${where}) still has no responder after ${waited}. Open ${link}`, locale), place, near);
    }
    return withPlace((where) => translate(msg`Bantay: EMERGENCY ${ticket} (${type}${where}) has had no responder for ${waited}. Open ${link}`, locale), place, near);
  });
}

/**
 * The place the reporter typed, on one line and cut so that the text fits one SMS when it can;
 * left out when even a few words of it would not fit (the link matters more, and the escalation
 * texts, with their longer wording, often have no room left: the first text named the place).
 */
function withPlace(build: (where: string) => string, place: string | null, near: (at: string) => string): string {
  const clean = (place ?? '').replace(/\s+/g, ' ').trim();
  const bare = build('');
  if (!clean) return bare;
  const room = SMS_MAX - bare.length - near('').length;
  if (clean.length <= room) return build(near(clean));
  if (room < 12) return bare;
  return build(near(`${clean.slice(0, room - 3).trimEnd()}...`));
}

type ReporterIncident = Pick<IncidentRow, 'id' | 'ticket' | 'reporterId' | 'reporterPhone'> & Partial<Pick<IncidentRow, 'reporterLanguage'>>;

/** The reporter's language: their account's, else the one they reported in, else English. */
async function reporterLocale(tx: Executor, incident: ReporterIncident): Promise<Locale> {
  if (incident.reporterId) {
    const [account] = await tx.select({ language: users.language }).from(users).where(eq(users.id, incident.reporterId));
    if (account?.language) return account.language;
  }
  return incident.reporterLanguage ?? 'en';
}

/** The reporter's receipt: the ticket and the link that opens its status page. */
export async function enqueueReceiptSms(deps: Deps, tx: Executor, afterCommit: AfterCommit, incident: ReporterIncident): Promise<number> {
  if (!incident.reporterPhone) return 0;
  const link = `${deps.config.publicUrl}${ticketPagePath(incident.ticket)}`;
  const { ticket } = incident;
  const locale = await reporterLocale(tx, incident);
  return enqueueDeliveries(deps, tx, afterCommit, [
    {
      channel: 'sms',
      userId: incident.reporterId,
      to: incident.reporterPhone,
      kind: 'ticket.received',
      dedupeKey: `sms-ticket-received:${incident.id}`,
      payload: { text: translate(msg`Bantay: we received your report. Your ticket is ${ticket}. Track it at ${link}`, locale) },
    },
  ]);
}

/** Once per ticket, when it is resolved: the reporter learns it without having to look. */
export async function enqueueResolvedSms(deps: Deps, tx: Executor, afterCommit: AfterCommit, incident: ReporterIncident): Promise<number> {
  if (!incident.reporterPhone) return 0;
  const link = `${deps.config.publicUrl}${ticketPagePath(incident.ticket)}`;
  const { ticket } = incident;
  const locale = await reporterLocale(tx, incident);
  return enqueueDeliveries(deps, tx, afterCommit, [
    {
      channel: 'sms',
      userId: incident.reporterId,
      to: incident.reporterPhone,
      kind: 'ticket.resolved',
      dedupeKey: `sms-ticket-resolved:${incident.id}`,
      payload: { text: translate(msg`Bantay: your report ${ticket} has been resolved. Details: ${link}`, locale) },
    },
  ]);
}
