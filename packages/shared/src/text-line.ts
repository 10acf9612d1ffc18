import { z } from 'zod';
import { msg } from '@lingui/core/macro';
import { INCIDENT_CLASSIFICATIONS, INCIDENT_STATUSES } from './incidents.ts';
import { staffPersonSchema } from './incident-handling.ts';
import { translatedLabels, zodMessage } from './i18n.ts';

/**
 * The text line (docs/decisions/032-the-text-line.md): residents without data reach the tanods by
 * SMS and by a missed call to the barangay's own phone. A verified resident's text becomes a
 * report at once; an unknown number's lands in the admins' triage inbox, one thread per number.
 */

/** What came in: a text, or a call the phone did not answer. */
export const SMS_MESSAGE_KINDS = ['text', 'missed_call'] as const;

/** `in`: from the person; `out`: Bantay's reply (automatic, or an admin's from the inbox). */
export const SMS_MESSAGE_DIRECTIONS = ['in', 'out'] as const;

/**
 * `open`: waits for an admin. `dismissed`: read, nothing to do (thanks, spam). `ticketed`: a report
 * was made of it (automatically for a verified resident, or by an admin). `blocked`: the number is on
 * the block list. A text from the number after a thread closed opens a new thread.
 */
export const SMS_THREAD_STATUSES = ['open', 'dismissed', 'ticketed', 'blocked'] as const;
export type SmsThreadStatus = (typeof SMS_THREAD_STATUSES)[number];

export const SMS_THREAD_STATUS_LABELS = translatedLabels<SmsThreadStatus>({
  open: msg`Open`,
  dismissed: msg`Dismissed`,
  ticketed: msg`Ticketed`,
  blocked: msg`Blocked`,
});

/** The sending providers (`SMS_PROVIDER` and the fallbacks after it). */
export const SMS_PROVIDERS = ['console', 'semaphore', 'twilio', 'android', 'httpsms'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/** The gateways that post what the phone receives to `POST /api/sms/inbound/{provider}`. */
export const SMS_INBOUND_PROVIDERS = ['android', 'httpsms', 'twilio'] as const;
export type SmsInboundProvider = (typeof SMS_INBOUND_PROVIDERS)[number];

export const TEXT_LINE_LIMITS = {
  /** An admin's reply from the inbox: three SMS segments at most. */
  replyMaxLength: 459,
  /** Messages shown per thread in the inbox list (the newest; the thread keeps them all). */
  messagesPerThread: 50,
  inboxPageDefault: 50,
  inboxPageMax: 100,
  homePurokMaxLength: 80,
} as const;

// ---------------------------------------------------------------------------------------------
// The triage inbox (admins and the supadmin)

export const smsMessageSchema = z.object({
  _id: z.string(),
  direction: z.enum(SMS_MESSAGE_DIRECTIONS),
  kind: z.enum(SMS_MESSAGE_KINDS),
  /** The text as received or sent; empty for a missed call. */
  text: z.string(),
  /** When it was received or queued, ISO 8601. */
  at: z.string(),
  /** For an admin's reply: who wrote it. Null for the person's messages and automatic replies. */
  sentBy: staffPersonSchema.nullable(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

export const smsThreadSchema = z.object({
  _id: z.string(),
  /** The sender in E.164 (`+639171234567`): tap to call or text back. */
  phoneNumber: z.string(),
  /** The resident account with this mobile number, when there is one (verified at sign-up). */
  resident: z
    .object({
      _id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      /** The resident's home purok, when given. */
      homePurok: z.string().nullable(),
      /** Whether the account has a home Bantay can place a report at (a pin or a known purok). */
      hasHome: z.boolean(),
    })
    .nullable(),
  status: z.enum(SMS_THREAD_STATUSES),
  /** True when the thread holds a missed call (the inbox marks it "missed call"). */
  hasMissedCall: z.boolean(),
  /** The report made of it, once there is one. */
  ticket: z
    .object({ _id: z.string(), ticket: z.string(), status: z.enum(INCIDENT_STATUSES), classification: z.enum(INCIDENT_CLASSIFICATIONS) })
    .nullable(),
  /** Oldest first; at most `TEXT_LINE_LIMITS.messagesPerThread`, the newest. */
  messages: z.array(smsMessageSchema),
  /** Texts received in this thread, the dropped repeats included. */
  receivedCount: z.number().int(),
  openedAt: z.string(),
  /** The newest message's time: the list's order, newest first. */
  lastMessageAt: z.string(),
  /** Who closed it (dismissed, ticketed by hand, blocked), and when. */
  closedBy: staffPersonSchema.nullable(),
  closedAt: z.string().nullable(),
});
export type SmsThread = z.infer<typeof smsThreadSchema>;

/** `GET /api/sms/inbox`: threads per number, newest message first. */
export const smsInboxQuerySchema = z.object({
  /** One status, or `all`; default `open`. */
  status: z.enum([...SMS_THREAD_STATUSES, 'all'], zodMessage(msg`status must be open, dismissed, ticketed, blocked or all`)).default('open'),
  limit: z.coerce.number().int().min(1).max(TEXT_LINE_LIMITS.inboxPageMax).default(TEXT_LINE_LIMITS.inboxPageDefault),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});
export type SmsInboxQuery = z.input<typeof smsInboxQuerySchema>;

export const smsInboxSchema = z.object({
  threads: z.array(smsThreadSchema),
  /** Open threads in all (the tab's badge), whatever the filter. */
  openCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type SmsInbox = z.infer<typeof smsInboxSchema>;

export const smsThreadParamsSchema = z.object({ id: z.uuid(zodMessage(msg`Thread not found`)) });

/**
 * `POST /api/sms/inbox/{id}/incident`: an admin makes a report of the thread, with the place they
 * pinned on the map. The thread's texts are its description; the sender is texted the ticket.
 */
export const smsThreadToIncidentRequestSchema = z.object({
  /** One of the barangay's incident types. */
  type: z.string(zodMessage(msg`Choose the type of incident`)).trim().min(1, zodMessage(msg`Choose the type of incident`)).max(80),
  classification: z.enum(INCIDENT_CLASSIFICATIONS, zodMessage(msg`Choose normal or emergency`)),
  location: z.object({
    lat: z.number(zodMessage(msg`Choose the place on the map`)).min(-90).max(90),
    lng: z.number(zodMessage(msg`Choose the place on the map`)).min(-180).max(180),
  }),
  /** A landmark note the admin learned ("beside the chapel"); optional. */
  landmark: z.string().trim().max(200, zodMessage(msg`Landmark must be at most 200 characters`)).optional(),
});
export type SmsThreadToIncidentRequest = z.input<typeof smsThreadToIncidentRequestSchema>;

export const smsThreadToIncidentResponseSchema = z.object({
  ticket: z.string(),
  thread: smsThreadSchema,
});
export type SmsThreadToIncidentResponse = z.infer<typeof smsThreadToIncidentResponseSchema>;

/** `POST /api/sms/inbox/{id}/reply`: texted to the sender from the barangay's phone, kept in the thread. */
export const smsReplyRequestSchema = z.object({
  text: z
    .string(zodMessage(msg`Write a reply`))
    .trim()
    .min(1, zodMessage(msg`Write a reply`))
    .max(TEXT_LINE_LIMITS.replyMaxLength, zodMessage(msg`A reply is at most 459 characters (three text messages)`)),
});
export type SmsReplyRequest = z.infer<typeof smsReplyRequestSchema>;

// `POST /api/sms/inbox/{id}/dismiss`, `/block` and `/unblock` take no body and answer the thread
// (`smsThreadSchema`). Blocking puts the number on the block list (its texts are dropped from then
// on); unblocking takes it off and opens the thread again.

// ---------------------------------------------------------------------------------------------
// The phone's health (the settings page; admins and the supadmin)

export const smsGatewayStatusSchema = z.object({
  /** The senders in the order they are tried: `SMS_PROVIDER`, then every other configured one. */
  sending: z.array(z.enum(SMS_PROVIDERS)),
  /** The barangay phone's own number (`SMS_GATEWAY_NUMBER`), shown so residents can be told it. */
  gatewayNumber: z.string().nullable(),
  /** Each inbound route: on when its key is set. */
  receiving: z.array(
    z.object({
      provider: z.enum(SMS_INBOUND_PROVIDERS),
      enabled: z.boolean(),
      /** The webhook address to enter in the gateway app. */
      webhookUrl: z.string(),
      /** The last signed post of any kind from it, ISO 8601; null when never. */
      lastContactAt: z.string().nullable(),
      /** The last heartbeat (Android `system:ping`, httpSMS `phone.heartbeat.*`). */
      lastHeartbeatAt: z.string().nullable(),
      /** The last text or missed call received through it. */
      lastMessageAt: z.string().nullable(),
    }),
  ),
  /** The newest contact of any enabled gateway; null when none ever came. */
  lastContactAt: z.string().nullable(),
  /** `SMS_GATEWAY_SILENT_MINUTES`: no contact for this long alerts the supadmin. */
  silentAfterMinutes: z.number().int(),
  /** True while the supadmin has been alerted of a silence that has not ended. */
  silent: z.boolean(),
});
export type SmsGatewayStatus = z.infer<typeof smsGatewayStatusSchema>;

// ---------------------------------------------------------------------------------------------
// A resident's home (sign-up, `PUT /api/residents/me/home`, the current user)

export const homePurokSchema = z
  .string(zodMessage(msg`Choose your purok`))
  .trim()
  .min(1, zodMessage(msg`Choose your purok`))
  .max(TEXT_LINE_LIMITS.homePurokMaxLength, zodMessage(msg`Purok must be at most 80 characters`));

/** The home's point on the map (WGS 84); optional: the purok's centre is used without it. */
export const homePinSchema = z.object({
  lat: z.number(zodMessage(msg`Choose your home on the map`)).min(-90).max(90),
  lng: z.number(zodMessage(msg`Choose your home on the map`)).min(-180).max(180),
});
export type HomePin = z.infer<typeof homePinSchema>;

/**
 * `PUT /api/residents/me/home`: where a text or a missed call from the resident's number is
 * placed. Null clears it (the resident's texts then go to the inbox).
 */
export const residentHomeRequestSchema = z.object({
  homePurok: homePurokSchema.nullable(),
  homePin: homePinSchema.nullable().default(null),
});
export type ResidentHomeRequest = z.input<typeof residentHomeRequestSchema>;

export const residentHomeSchema = z.object({
  homePurok: z.string().nullable(),
  homePin: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** Whether a text from the resident's number can be placed (a pin, or a purok that is a known area). */
  hasHome: z.boolean(),
});
export type ResidentHome = z.infer<typeof residentHomeSchema>;

/** `GET /api/public/puroks`: the active patrol areas' names, for the sign-up form's purok choice. */
export const publicPuroksSchema = z.object({ puroks: z.array(z.object({ name: z.string() })) });
export type PublicPuroks = z.infer<typeof publicPuroksSchema>;
