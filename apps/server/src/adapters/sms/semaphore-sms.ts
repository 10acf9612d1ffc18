import { OutsideServiceError, excerpt, postForm } from '../outside-service.ts';
import type { SmsSender } from './sms.ts';

const SERVICE = 'Semaphore SMS';

/**
 * Semaphore, the Philippine SMS gateway: `POST {url}/api/v4/messages` with the form fields apikey,
 * number, message and (optionally) sendername. It answers 200 with an array of queued messages;
 * errors come back as 4xx/5xx or as an object of messages per field.
 */
export function createSemaphoreSms(options: {
  apiKey: string;
  url: string;
  senderName: string | undefined;
  timeoutMs: number;
}): SmsSender {
  const endpoint = new URL('/api/v4/messages', options.url).toString();
  return {
    provider: 'semaphore',
    async send(message) {
      if (!message.to.startsWith('+63')) {
        throw new OutsideServiceError(SERVICE, `only Philippine numbers can be reached, not ${message.to}`);
      }
      const form: Record<string, string> = {
        apikey: options.apiKey,
        // Semaphore takes the national form without the plus sign: 639171234567.
        number: message.to.slice(1),
        message: message.text,
      };
      if (options.senderName) form.sendername = options.senderName;
      const answer = await postForm(SERVICE, endpoint, form, { timeoutMs: options.timeoutMs });
      if (answer.status < 200 || answer.status >= 300) {
        throw new OutsideServiceError(SERVICE, `HTTP ${answer.status}: ${excerpt(answer.text)}`);
      }
      // Success is an array of message records; anything else is an error object.
      if (!Array.isArray(answer.json) || answer.json.length === 0) {
        throw new OutsideServiceError(SERVICE, `message refused: ${excerpt(answer.text)}`);
      }
      const failed = (answer.json as { status?: string }[]).find((m) => /fail|refund/i.test(m.status ?? ''));
      if (failed) throw new OutsideServiceError(SERVICE, `message ${failed.status}`);
    },
  };
}
