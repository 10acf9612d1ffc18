import crypto from 'node:crypto';
import type { AlertKind } from '@bantay/shared';
import type { PushMessageOptions } from '../../adapters/push/push.ts';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PushPayload } from '../deliveries/index.ts';
import { translate, type Locale } from '../../lib/i18n.ts';

/**
 * Which notifications also go to a locked phone (decision 017), under which alert kind (what a
 * person can mute on /myaccount), with which title. The panel's message becomes the body. Kinds
 * not listed here stay in the panel only: a responder's note, a resolved incident, an admin's
 * copy of a decision they can read when they next open Bantay.
 */
export interface AlertRule {
  alert: AlertKind;
  /** Translated into each recipient's language when the alert is written (decision 029). */
  title: MessageDescriptor;
  /** `tanods`: only tanods among the recipients get it pushed (the admins' copy is for the record). */
  audience: 'everyone' | 'tanods';
}

const RULES: Record<string, AlertRule> = {
  'incident.emergency_reported': { alert: 'emergency', title: msg`EMERGENCY reported`, audience: 'everyone' },
  // The summary of an emergency burst's held reports (modules/incidents/emergency-bursts.job.ts).
  'incident.emergency_burst': { alert: 'emergency', title: msg`More EMERGENCY reports`, audience: 'everyone' },
  // Every escalation is urgent, normal reports' too: nobody has answered the barangay yet.
  'incident.escalated': { alert: 'emergency', title: msg`No responder yet`, audience: 'everyone' },
  // A report handed back because its responder was deactivated has nobody again, like an escalation.
  'incident.requeued': { alert: 'emergency', title: msg`Back in the queue: no responder`, audience: 'everyone' },
  'incident.reported': { alert: 'incident', title: msg`New incident report`, audience: 'everyone' },
  'incident.assigned': { alert: 'incident', title: msg`Incident assigned to you`, audience: 'tanods' },
  'incident.reassigned': { alert: 'incident', title: msg`Incident reassigned`, audience: 'tanods' },
  'assistance.requested': { alert: 'backup', title: msg`Backup requested`, audience: 'everyone' },
  'assistance.approved': { alert: 'backup', title: msg`Backup approved`, audience: 'tanods' },
  'assistance.rejected': { alert: 'backup', title: msg`Backup request rejected`, audience: 'tanods' },
  'assistance.dispatched': { alert: 'backup', title: msg`You are dispatched as backup`, audience: 'tanods' },
  'schedule.changed': { alert: 'schedule', title: msg`Schedule changed`, audience: 'tanods' },
  'schedule.reminder': { alert: 'schedule', title: msg`Patrol starts soon`, audience: 'tanods' },
  'loan.overdue': { alert: 'other', title: msg`Equipment overdue`, audience: 'tanods' },
  'trip.approved': { alert: 'other', title: msg`Trip approved`, audience: 'tanods' },
  'trip.rejected': { alert: 'other', title: msg`Trip rejected`, audience: 'tanods' },
  // The barangay phone of the text line went silent (docs/decisions/032-the-text-line.md): only supadmins get it.
  'sms.gateway_silent': { alert: 'other', title: msg`Text line phone silent`, audience: 'everyone' },
};

/** The push rule of a notification kind, or undefined when it is not pushed. */
export function alertRuleOf(notificationKind: string): AlertRule | undefined {
  return RULES[notificationKind];
}

/** Emergencies and escalations: never muted, never held by quiet hours, sent with high urgency. */
export const isUrgentAlert = (alert: AlertKind): boolean => alert === 'emergency';

const BODY_MAX = 180;

/** A lock screen shows two or three lines: the start of the text, cut at a word. */
export function shortBody(text: string, max = BODY_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** The push payload of a notification; `url` is filled per recipient (their role's page). */
export function notificationPushPayload(
  rule: AlertRule,
  message: string,
  entity: { type: string; id: string } | undefined,
  locale: Locale,
): Omit<PushPayload, 'url'> {
  return {
    title: translate(rule.title, locale),
    body: shortBody(message),
    ...(entity ? { tag: `${entity.type}:${entity.id}` } : {}),
    ...(isUrgentAlert(rule.alert) ? { urgent: true } : {}),
  };
}

/**
 * How the push service treats a message. An emergency must wake the phone now (`high`), and is
 * worth delivering to a phone that comes back within the hour, not after: by then the incident has
 * been answered or escalated again. Other alerts keep for a day.
 */
export function deliveryOptionsOf(payload: Pick<PushPayload, 'urgent' | 'tag'>): PushMessageOptions {
  return {
    urgency: payload.urgent ? 'high' : 'normal',
    ttlSeconds: payload.urgent ? 60 * 60 : 24 * 60 * 60,
    // A newer alert about the same subject replaces one the push service still holds (the Topic header, 32 characters at most).
    ...(payload.tag ? { topic: crypto.createHash('sha256').update(payload.tag).digest('base64url').slice(0, 32) } : {}),
  };
}
