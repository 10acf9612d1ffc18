import type { Mailer, SmsSender } from '../../adapters/index.ts';
import type { PushSender } from '../../adapters/push/push.ts';
import { pushChannel } from '../push/push-channel.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { DeliveryWorker, type DeliveryChannel, type DeliveryWorkerLogger, type DeliveryWorkerOptions } from './delivery-worker.ts';
import type { EmailPayload, SmsPayload } from './deliveries.service.ts';

/** SMS deliveries go through the configured gateway (adapters/sms); a thrown error is retried. */
export function smsChannel(sms: SmsSender): DeliveryChannel {
  return {
    async send(delivery) {
      const payload = delivery.payload as unknown as SmsPayload;
      await sms.send({ to: delivery.target, text: payload.text });
      return { status: 'sent' };
    },
  };
}

/** Email deliveries go through the configured mailer (adapters/email). */
export function emailChannel(mail: Mailer): DeliveryChannel {
  return {
    async send(delivery) {
      const payload = delivery.payload as unknown as EmailPayload;
      await mail.send({ to: delivery.target, subject: payload.subject, text: payload.text });
      return { status: 'sent' };
    },
  };
}

/** The worker with every channel this server sends by; built once by the composition root. */
export function buildDeliveryWorker(
  deps: { db: Db; clock: Clock; sms: SmsSender; mail: Mailer; push: PushSender },
  log: DeliveryWorkerLogger,
  options: Partial<DeliveryWorkerOptions> = {},
): DeliveryWorker {
  const worker = new DeliveryWorker(deps, log, options);
  worker.register('sms', smsChannel(deps.sms));
  worker.register('email', emailChannel(deps.mail));
  worker.register('push', pushChannel(deps));
  return worker;
}
