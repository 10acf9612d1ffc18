import { z } from 'zod';
import { msg, ph } from '@lingui/core/macro';
import { translatedLabels, zodMessage } from './i18n.ts';

/**
 * What a person can be alerted about on a locked phone (decision 016). `emergency` (new emergencies
 * and every escalation) can be neither muted nor held by quiet hours; the others can.
 */
export const ALERT_KINDS = ['emergency', 'incident', 'backup', 'schedule', 'chat', 'ticket', 'other'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const MUTABLE_ALERT_KINDS = ['incident', 'backup', 'schedule', 'chat', 'ticket', 'other'] as const satisfies readonly AlertKind[];
export type MutableAlertKind = (typeof MUTABLE_ALERT_KINDS)[number];

/** The words the preferences screen shows for each kind that can be switched off. */
export const ALERT_KIND_LABELS = translatedLabels<MutableAlertKind>({
  incident: msg`Incidents assigned to me and new reports`,
  backup: msg`Backup requests and their answers`,
  schedule: msg`Schedule changes and shift reminders`,
  chat: msg`Chat messages while Bantay is closed`,
  ticket: msg`Progress of my reports`,
  other: msg`Everything else (equipment, accounts)`,
});

export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

const base64url = (field: string, min: number, max: number) =>
  z
    .string(zodMessage(msg`${field} is required`))
    .min(min, zodMessage(msg`${field} is too short`))
    .max(max, zodMessage(msg`${field} is too long`))
    .regex(/^[A-Za-z0-9_-]+=*$/, zodMessage(msg`${field} must be base64url`));

/** The browser's `PushSubscription.toJSON()`. Where the endpoint may point is checked on the server. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.string(zodMessage(msg`endpoint is required`)).max(2048, zodMessage(msg`endpoint is too long`)).url(zodMessage(msg`endpoint must be a URL`)),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
      p256dh: base64url('keys.p256dh', 80, 120),
      auth: base64url('keys.auth', 16, 32),
    },
    zodMessage(msg`keys is required`),
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/**
 * `POST /api/push/subscriptions/renew`, from the service worker after the browser replaced its
 * subscription (`pushsubscriptionchange`): the one it held, whose endpoint and keys prove the
 * caller is that browser (a worker holds no token), and the new one.
 */
export const pushSubscriptionRenewalSchema = z.object({
  old: pushSubscriptionInputSchema.pick({ endpoint: true, keys: true }),
  subscription: pushSubscriptionInputSchema,
});
export type PushSubscriptionRenewal = z.infer<typeof pushSubscriptionRenewalSchema>;

/** One of my subscribed browsers, as `GET /api/push/subscriptions` lists it. */
export const pushSubscriptionSchema = z.object({
  _id: z.string(),
  /** The push service's origin only (the full endpoint is a capability). */
  service: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type PushSubscriptionSummary = z.infer<typeof pushSubscriptionSchema>;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, zodMessage(msg`must be a time like 22:00`));

/** `GET`/`PUT /api/push/preferences`: what I do not want pushed, and when I want quiet. */
export const alertPreferencesSchema = z.object({
  mutedKinds: z.array(z.enum(MUTABLE_ALERT_KINDS, zodMessage(msg`each muted kind must be one of ${ph({ allowed: MUTABLE_ALERT_KINDS.join(', ') })}`))).max(MUTABLE_ALERT_KINDS.length),
  /** Times in the barangay's time zone; the end may be past midnight (22:00 → 06:00). Null when off. */
  quietHours: z
    .object({ start: clockTime, end: clockTime })
    .refine((hours) => hours.start !== hours.end, { path: ['end'], ...zodMessage(msg`must differ from the start`) })
    .nullable(),
});
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;

/** Limits of the push API. */
export const PUSH_LIMITS = {
  /** Subscribed browsers kept per person; subscribing one more drops the oldest. */
  subscriptionsPerUser: 10,
} as const;

/** `POST /api/push/subscriptions` → 201: the stored subscription's id (for `DELETE`). */
export const pushSubscriptionCreatedSchema = z.object({ id: z.string() });

/** `GET /api/push/subscriptions`: my subscribed browsers, newest first. */
export const pushSubscriptionListSchema = z.array(pushSubscriptionSchema);

export const pushSubscriptionIdParamsSchema = z.object({ id: z.string().max(100) });
