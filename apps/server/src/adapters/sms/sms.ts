import type { OutsideServicesConfig } from '../../config.ts';
import type { AdapterLogger } from '../outside-service.ts';
import { createConsoleSms } from './console-sms.ts';
import { createSemaphoreSms } from './semaphore-sms.ts';
import { createTwilioSms } from './twilio-sms.ts';

interface SmsMessage {
  /** E.164, e.g. +639171234567. */
  to: string;
  text: string;
}

/** Sends text messages. Throws OutsideServiceError when the gateway refuses or does not answer. */
export interface SmsSender {
  readonly provider: string;
  send(message: SmsMessage): Promise<void>;
}

export function createSmsSender(
  config: OutsideServicesConfig,
  options: { dataDir: string; log: AdapterLogger; now: () => Date },
): SmsSender {
  const sms = config.sms;
  switch (sms.provider) {
    case 'semaphore':
      return createSemaphoreSms({ ...sms, timeoutMs: config.timeoutMs });
    case 'twilio':
      return createTwilioSms({ ...sms, timeoutMs: config.timeoutMs });
    case 'console':
      return createConsoleSms(options);
  }
}
