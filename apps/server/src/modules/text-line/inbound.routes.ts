import { msg } from '@lingui/core/macro';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SmsInboundProvider } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import {
  androidEvent,
  androidSignatureValid,
  androidTimestampFresh,
  httpsmsEvent,
  httpsmsTokenValid,
  twilioEvent,
  twilioSignatureValid,
  type InboundEvent,
} from '../../adapters/sms/inbound.ts';
import { signedRoute } from '../../http/auth-guard.ts';
import { unstorableTextAt } from '../../http/input-guards.ts';
import { AppError } from '../../lib/app-error.ts';
import { inboundRoutesOn } from './gateway.service.ts';
import { receiveInbound } from './inbound.service.ts';

/** A gateway posts one event at a time; nothing legitimate comes near this. */
const INBOUND_BODY_LIMIT = 64 * 1024;

const refused = () => new AppError('UNAUTHENTICATED', msg`The webhook signature is missing, wrong or too old`);
const malformed = () => new AppError('VALIDATION_FAILED', msg`The webhook's body is not an event this gateway sends`);

/**
 * The gateways' webhooks (docs/decisions/032-the-text-line.md), each registered only when its key
 * is set. They take their body as raw bytes, in a scope of their own, so each signature is checked
 * over exactly what was sent and before anything is parsed; a forged, stale or replayed post is
 * answered 401 and changes nothing.
 */
export async function inboundSmsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const on = inboundRoutesOn(deps);
  const keys = deps.config.textLine.inbound;
  if (!on.android && !on.httpsms && !on.twilio) return;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: INBOUND_BODY_LIMIT }, (_request, body, done) => done(null, body));
    const schema = (summary: string) => ({ tags: ['text line'], summary, security: [] });

    if (keys.androidSigningKey) {
      const key = keys.androidSigningKey;
      scope.post(
        '/api/sms/inbound/android',
        {
          // The timestamp is checked before the body is read; the signature over the body right after.
          onRequest: signedRoute('X-Signature HMAC-SHA256', (request) => {
            if (!androidTimestampFresh(header(request, 'x-timestamp'), deps.clock.now())) throw refused();
          }),
          schema: schema('SMS Gateway for Android webhook (sms:received, system:ping), signed with X-Signature and X-Timestamp'),
        },
        async (request) => {
          const raw = rawBody(request);
          const signed = androidSignatureValid(key, raw, { signature: header(request, 'x-signature'), timestamp: header(request, 'x-timestamp') }, deps.clock.now());
          if (!signed) throw refused();
          return receive(deps, 'android', androidEvent(parseJson(raw)));
        },
      );
    }

    if (keys.httpsmsSigningKey) {
      const key = keys.httpsmsSigningKey;
      const audience = `${deps.config.publicUrl}/api/sms/inbound/httpsms`;
      scope.post(
        '/api/sms/inbound/httpsms',
        {
          // The JWT does not cover the body: it is checked before the body is read, and the event id
          // is refused when seen before (inbound.service.ts).
          onRequest: signedRoute('bearer JWT HS256', async (request) => {
            if (!(await httpsmsTokenValid(key, request.headers.authorization, audience, deps.clock.now()))) throw refused();
          }),
          schema: schema('httpSMS webhook (message.phone.received, message.call.missed, phone.heartbeat.*), a bearer JWT'),
        },
        async (request) => receive(deps, 'httpsms', httpsmsEvent(parseJson(rawBody(request)))),
      );
    }

    if (keys.twilioAuthToken) {
      const token = keys.twilioAuthToken;
      scope.post(
        '/api/sms/inbound/twilio',
        {
          onRequest: signedRoute('X-Twilio-Signature', (request) => {
            if (!header(request, 'x-twilio-signature')) throw refused();
          }),
          schema: schema('Twilio incoming message webhook, signed with X-Twilio-Signature'),
        },
        async (request, reply) => {
          const form = Object.fromEntries(new URLSearchParams(rawBody(request).toString('utf8')));
          // Twilio signs the address it posted to, as configured: the public URL with the query.
          if (!twilioSignatureValid(token, `${deps.config.publicUrl}${request.url}`, form, header(request, 'x-twilio-signature'))) throw refused();
          await receive(deps, 'twilio', twilioEvent(form));
          // An empty TwiML answer: Twilio sends no reply of its own.
          return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
        },
      );
    }
  });
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function rawBody(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw malformed();
  }
}

async function receive(deps: AppDeps, provider: SmsInboundProvider, event: InboundEvent | null): Promise<{ ok: true }> {
  // A NUL or a lone surrogate cannot be stored; a real phone does not send one.
  if (!event || unstorableTextAt(event) !== null) throw malformed();
  await receiveInbound(deps, provider, event);
  return { ok: true };
}
