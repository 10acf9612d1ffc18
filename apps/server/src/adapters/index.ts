import type { Config } from '../config.ts';
import { createBotCheck, type BotCheckProvider } from './bot-check/bot-check.ts';
import { createMailer, type Mailer } from './email/email.ts';
import type { AdapterLogger } from './outside-service.ts';
import { createSmsSender, type SmsSender } from './sms/sms.ts';
import { createGeocoder, type ReverseGeocoder } from './geocoding/geocoding.ts';

export type { BotCheckProvider, Mailer, SmsSender, AdapterLogger, ReverseGeocoder };
export { OutsideServiceError, silentLogger } from './outside-service.ts';

/** The outside services of AppDeps, each chosen by configuration (config.ts, "Outside services"). */
export interface OutsideServices {
  sms: SmsSender;
  mail: Mailer;
  botCheck: BotCheckProvider;
  geocoder: ReverseGeocoder;
}

export function createOutsideServices(
  config: Config,
  options: { log: AdapterLogger; now: () => Date; secret: string },
): OutsideServices {
  const shared = { dataDir: config.dataDir, log: options.log, now: options.now };
  return {
    sms: createSmsSender(config.outsideServices, shared),
    mail: createMailer(config.outsideServices, shared),
    botCheck: createBotCheck(config.outsideServices, { now: options.now, secret: options.secret }),
    geocoder: createGeocoder(config.outsideServices, { log: options.log }),
  };
}
