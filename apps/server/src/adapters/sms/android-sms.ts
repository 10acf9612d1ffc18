import { OutsideServiceError, excerpt, postJson } from '../outside-service.ts';
import type { SmsSender } from './sms.ts';

const SERVICE = 'SMS Gateway for Android';

/**
 * SMS Gateway for Android (the barangay's own phone, docs/decisions/032-the-text-line.md):
 * `POST {url}/message` with HTTP basic auth and `{ textMessage: { text }, phoneNumbers: [to] }`, to
 * the phone's local server (`http://<phone>:8080`) or a private server (`…/3rdparty/v1`). It answers
 * 202 with the queued message's state. Plain fetch rather than the `android-sms-gateway` npm client:
 * that client wraps this one POST around an HTTP client the caller must supply, so it would add a
 * dependency and none of our timeouts or error shape.
 */
export function createAndroidSms(options: { url: string; username: string; password: string; timeoutMs: number }): SmsSender {
  const endpoint = `${options.url.replace(/\/+$/, '')}/message`;
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  return {
    provider: 'android',
    async send(message) {
      const answer = await postJson(
        SERVICE,
        endpoint,
        { textMessage: { text: message.text }, phoneNumbers: [message.to] },
        { timeoutMs: options.timeoutMs, headers: { authorization } },
      );
      if (answer.status >= 200 && answer.status < 300) {
        const state = (answer.json as { state?: string } | undefined)?.state;
        if (state === 'Failed') throw new OutsideServiceError(SERVICE, 'the phone could not send the message');
        return;
      }
      const detail = (answer.json as { message?: string } | undefined)?.message ?? excerpt(answer.text);
      throw new OutsideServiceError(SERVICE, `HTTP ${answer.status}: ${detail}`);
    },
  };
}
