import { OutsideServiceError, excerpt, postForm } from '../outside-service.ts';
import type { SmsSender } from './sms.ts';

const SERVICE = 'Twilio SMS';

/**
 * Twilio's Messages API: `POST {url}/2010-04-01/Accounts/{sid}/Messages.json`, HTTP basic auth
 * with the account SID and auth token, form fields To, Body and From (or MessagingServiceSid).
 * It answers 201 with the message; errors carry `{ code, message }`.
 */
export function createTwilioSms(options: {
  accountSid: string;
  authToken: string;
  from: string | undefined;
  messagingServiceSid: string | undefined;
  url: string;
  timeoutMs: number;
}): SmsSender {
  const endpoint = new URL(`/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`, options.url).toString();
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    provider: 'twilio',
    async send(message) {
      const form: Record<string, string> = { To: message.to, Body: message.text };
      if (options.messagingServiceSid) form.MessagingServiceSid = options.messagingServiceSid;
      else if (options.from) form.From = options.from;
      const answer = await postForm(SERVICE, endpoint, form, { timeoutMs: options.timeoutMs, headers: { authorization } });
      if (answer.status >= 200 && answer.status < 300) return;
      const body = answer.json as { code?: number; message?: string } | undefined;
      const detail = body?.message ? `${body.message}${body.code ? ` (code ${body.code})` : ''}` : excerpt(answer.text);
      throw new OutsideServiceError(SERVICE, `HTTP ${answer.status}: ${detail}`);
    },
  };
}
