import type { OutsideServicesConfig, SmsProviderConfig } from '../../config.ts';
import { OutsideServiceError, type AdapterLogger } from '../outside-service.ts';
import { createAndroidSms } from './android-sms.ts';
import { createConsoleSms } from './console-sms.ts';
import { createHttpSms } from './httpsms-sms.ts';
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

/**
 * The configured sender: SMS_PROVIDER first, then every other provider whose credentials are set
 * (docs/decisions/032-the-text-line.md). A send that fails is tried on the next at once; the error
 * of the last is thrown when all fail, and the delivery worker retries later (decision 016).
 */
export function createSmsSender(
  config: OutsideServicesConfig,
  options: { dataDir: string; log: AdapterLogger; now: () => Date },
): SmsSender {
  const senders = [config.sms, ...config.smsFallbacks].map((provider) => senderFor(provider, config.timeoutMs, options));
  return senders.length === 1 ? senders[0]! : fallingBack(senders, options.log);
}

function senderFor(sms: SmsProviderConfig, timeoutMs: number, options: { dataDir: string; log: AdapterLogger; now: () => Date }): SmsSender {
  switch (sms.provider) {
    case 'semaphore':
      return createSemaphoreSms({ ...sms, timeoutMs });
    case 'twilio':
      return createTwilioSms({ ...sms, timeoutMs });
    case 'android':
      return createAndroidSms({ ...sms, timeoutMs });
    case 'httpsms':
      return createHttpSms({ ...sms, timeoutMs });
    case 'console':
      return createConsoleSms(options);
  }
}

/** Tries each sender in turn; exported for its test. */
export function fallingBack(senders: readonly SmsSender[], log: AdapterLogger): SmsSender {
  const [first] = senders;
  if (!first) throw new Error('fallingBack: no sender');
  return {
    provider: first.provider,
    async send(message) {
      const failures: string[] = [];
      for (const sender of senders) {
        try {
          await sender.send(message);
          if (failures.length > 0) log.warn(`SMS sent by ${sender.provider} after ${failures.join('; ')}`);
          return;
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
      throw new OutsideServiceError('SMS', `every provider failed: ${failures.join('; ')}`);
    },
  };
}
