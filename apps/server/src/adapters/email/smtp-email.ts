import nodemailer from 'nodemailer';
import { OutsideServiceError } from '../outside-service.ts';
import type { Mailer } from './email.ts';

const SERVICE = 'SMTP';

/** Real email through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.org:465). */
export function createSmtpMailer(options: { url: string; from: string; timeoutMs: number }): Mailer {
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    provider: 'smtp',
    async send(message) {
      try {
        const info = await transport.sendMail({ from: options.from, ...message });
        if (info.rejected.length > 0) {
          throw new OutsideServiceError(SERVICE, `recipient refused: ${info.rejected.join(', ')}`);
        }
      } catch (error) {
        if (error instanceof OutsideServiceError) throw error;
        const e = error as { code?: string; responseCode?: number; message?: string };
        const detail = e.responseCode ? `${e.responseCode} ${e.message}` : (e.code ?? e.message ?? 'unknown error');
        throw new OutsideServiceError(SERVICE, `sending failed (${detail})`, { cause: error });
      }
    },
    async close() {
      transport.close();
    },
  };
}
