import { OutsideServiceError, excerpt, postJson } from '../outside-service.ts';
import type { SmsSender } from './sms.ts';

const SERVICE = 'httpSMS';

/**
 * httpSMS (the barangay's own phone through httpsms.com, docs/decisions/032-the-text-line.md):
 * `POST {url}/v1/messages/send` with the `x-api-key` header and `{ from, to, content }`, where
 * `from` is the phone's own number. It answers 200 with `{ status: "success", data: message }`;
 * errors carry `{ status: "error", message }`.
 */
export function createHttpSms(options: { apiKey: string; url: string; from: string; timeoutMs: number }): SmsSender {
  const endpoint = new URL('/v1/messages/send', options.url).toString();
  return {
    provider: 'httpsms',
    async send(message) {
      const answer = await postJson(
        SERVICE,
        endpoint,
        { from: options.from, to: message.to, content: message.text },
        { timeoutMs: options.timeoutMs, headers: { 'x-api-key': options.apiKey } },
      );
      if (answer.status >= 200 && answer.status < 300) return;
      const detail = (answer.json as { message?: string } | undefined)?.message ?? excerpt(answer.text);
      throw new OutsideServiceError(SERVICE, `HTTP ${answer.status}: ${detail}`);
    },
  };
}
