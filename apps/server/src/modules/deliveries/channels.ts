import type { Mailer, SmsSender } from '../../adapters/index.ts';
import type { DeliveryRow } from '../../db/schema/index.ts';
import type { DeliveryChannel } from './delivery-worker.ts';
import type { EmailPayload, SmsPayload } from './deliveries.service.ts';

/**
 * SMS deliveries go through the configured gateway (adapters/sms); a thrown error is retried.
 * `refusal` may name why a text must not go (the number texted STOP: the text line's opt-out,
 * which the composition root plugs in); such a delivery is given up at once, with that reason.
 */
export function smsChannel(sms: SmsSender, refusal?: (delivery: DeliveryRow) => Promise<string | null>): DeliveryChannel {
  return {
    async send(delivery) {
      const refused = refusal ? await refusal(delivery) : null;
      if (refused) return { status: 'give-up', error: refused };
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
