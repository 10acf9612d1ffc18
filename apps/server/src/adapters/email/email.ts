import type { OutsideServicesConfig } from '../../config.ts';
import type { AdapterLogger } from '../outside-service.ts';
import { createConsoleMailer } from './console-email.ts';
import { createSmtpMailer } from './smtp-email.ts';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends email. Throws OutsideServiceError when the mail server refuses or does not answer. */
export interface Mailer {
  readonly provider: string;
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(
  config: OutsideServicesConfig,
  options: { dataDir: string; log: AdapterLogger; now: () => Date },
): Mailer {
  const email = config.email;
  if (email.provider === 'smtp') return createSmtpMailer({ url: email.url, from: email.from, timeoutMs: config.timeoutMs });
  return createConsoleMailer({ ...options, from: email.from });
}
