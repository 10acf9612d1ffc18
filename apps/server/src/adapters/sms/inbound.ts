import crypto from 'node:crypto';
import { errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';

/**
 * What the SMS gateways post to Bantay (docs/decisions/032-the-text-line.md): how each signs its
 * webhook, and its events turned into one shape. Pure functions: the routes
 * (modules/text-line/inbound.routes.ts) call the checks on the raw body before it is parsed.
 */

/** A signed post older or newer than this is refused: a captured request cannot be replayed later. */
const SIGNATURE_MAX_SKEW_MS = 5 * 60_000;

/** Equal-length buffers compared in constant time; different lengths are simply unequal. */
function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * SMS Gateway for Android: `X-Signature` is the hex HMAC-SHA256 of the raw body followed by the
 * `X-Timestamp` header (Unix seconds), keyed with the signing key set in the app.
 */
export function androidSignatureValid(
  key: string,
  rawBody: Buffer,
  headers: { signature: string | undefined; timestamp: string | undefined },
  now: Date,
): boolean {
  if (!androidTimestampFresh(headers.timestamp, now) || !headers.signature || !/^[0-9a-fA-F]{64}$/.test(headers.signature)) return false;
  const expected = crypto.createHmac('sha256', key).update(rawBody).update(headers.timestamp!).digest();
  return sameBytes(Buffer.from(headers.signature, 'hex'), expected);
}

/** The `X-Timestamp` header: whole Unix seconds within 5 minutes of now. */
export function androidTimestampFresh(timestamp: string | undefined, now: Date): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) * 1000 - now.getTime()) <= SIGNATURE_MAX_SKEW_MS;
}

/** The hex signature SMS Gateway for Android sends (for the tests' fake gateway). */
export function androidSignature(key: string, rawBody: string | Buffer, timestamp: string): string {
  return crypto.createHmac('sha256', key).update(rawBody).update(timestamp).digest('hex');
}

/**
 * httpSMS: `Authorization: Bearer <JWT>`, HS256 with the webhook's signing key, `aud` the webhook's
 * URL, `exp` required. Other algorithms (`none`, RS256 with the key as a public key) are refused.
 */
export async function httpsmsTokenValid(key: string, authorization: string | undefined, audience: string, now: Date): Promise<boolean> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  if (!match) return false;
  try {
    await jwtVerify(match[1]!, new TextEncoder().encode(key), {
      algorithms: ['HS256'],
      audience,
      requiredClaims: ['exp'],
      currentDate: now,
      clockTolerance: 30,
    });
    return true;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return false;
    throw error;
  }
}

/**
 * Twilio: `X-Twilio-Signature` is the base64 HMAC-SHA1, keyed with the account's auth token, of
 * the full URL Twilio posted to followed by every form field sorted by name, each as name then value.
 */
export function twilioSignatureValid(authToken: string, url: string, form: Record<string, string>, signature: string | undefined): boolean {
  if (!signature) return false;
  return sameBytes(Buffer.from(signature), Buffer.from(twilioSignature(authToken, url, form)));
}

export function twilioSignature(authToken: string, url: string, form: Record<string, string>): string {
  const data = Object.keys(form)
    .sort()
    .reduce((text, name) => text + name + form[name], url);
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

// ---------------------------------------------------------------------------------------------
// The events, in one shape

export type InboundEvent =
  /** A text received by the phone; `from` as the gateway gave it (normalised by the module). */
  | { kind: 'text'; eventId: string; from: string; text: string }
  | { kind: 'missed_call'; eventId: string; from: string }
  /** The phone's sign of life; `online` false for httpSMS's `phone.heartbeat.offline`. */
  | { kind: 'heartbeat'; eventId: string; online: boolean }
  /** A signed event the text line does not act on (a sent or delivered report); it still counts as contact. */
  | { kind: 'other'; eventId: string; type: string };

const androidBodySchema = z.object({
  id: z.string().min(1).max(200),
  event: z.string().max(100),
  deviceId: z.string().max(200).optional(),
  webhookId: z.string().max(200).optional(),
  payload: z.looseObject({}).optional(),
});
const androidReceivedSchema = z.object({
  message: z.string().max(10_000),
  phoneNumber: z.string().min(1).max(64),
});

/** SMS Gateway for Android's `{deviceId, event, id, payload, webhookId}`; null when it is not that shape. */
export function androidEvent(json: unknown): InboundEvent | null {
  const body = androidBodySchema.safeParse(json);
  if (!body.success) return null;
  const { id, event, payload } = body.data;
  if (event === 'sms:received') {
    const received = androidReceivedSchema.safeParse(payload);
    return received.success ? { kind: 'text', eventId: id, from: received.data.phoneNumber, text: received.data.message } : null;
  }
  if (event === 'system:ping') return { kind: 'heartbeat', eventId: id, online: true };
  return { kind: 'other', eventId: id, type: event };
}

const cloudEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().max(100),
  data: z.looseObject({}).optional(),
});
const httpsmsMessageSchema = z.object({ contact: z.string().min(1).max(64), content: z.string().max(10_000) });
const httpsmsCallSchema = z.object({ contact: z.string().min(1).max(64) });

/** httpSMS's CloudEvents (`message.phone.received`, `message.call.missed`, `phone.heartbeat.*`). */
export function httpsmsEvent(json: unknown): InboundEvent | null {
  const body = cloudEventSchema.safeParse(json);
  if (!body.success) return null;
  const { id, type, data } = body.data;
  if (type === 'message.phone.received') {
    const message = httpsmsMessageSchema.safeParse(data);
    return message.success ? { kind: 'text', eventId: id, from: message.data.contact, text: message.data.content } : null;
  }
  if (type === 'message.call.missed') {
    const call = httpsmsCallSchema.safeParse(data);
    return call.success ? { kind: 'missed_call', eventId: id, from: call.data.contact } : null;
  }
  if (type === 'phone.heartbeat.online' || type === 'phone.heartbeat.offline') {
    return { kind: 'heartbeat', eventId: id, online: type === 'phone.heartbeat.online' };
  }
  return { kind: 'other', eventId: id, type };
}

const twilioFormSchema = z.object({
  MessageSid: z.string().min(1).max(64),
  From: z.string().min(1).max(64),
  Body: z.string().max(10_000).default(''),
});

/** Twilio's incoming-message form (`MessageSid`, `From`, `Body`, …). */
export function twilioEvent(form: Record<string, string>): InboundEvent | null {
  const body = twilioFormSchema.safeParse(form);
  if (!body.success) return null;
  return { kind: 'text', eventId: body.data.MessageSid, from: body.data.From, text: body.data.Body };
}
