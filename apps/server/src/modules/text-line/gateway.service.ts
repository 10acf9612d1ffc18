import { msg, t } from '@lingui/core/macro';
import type { SmsGatewayStatus, SmsInboundProvider, SmsProviderName } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { withLocale } from '../../lib/i18n.ts';
import type { Job } from '../../lib/job.ts';
import { enqueueDeliveries } from '../deliveries/index.ts';
import { notify } from '../notifications/index.ts';
import { listActiveUsersOfTypes } from '../users/index.ts';
import { claimSilenceAlert, deleteEventsBefore, deleteThreadsClosedBefore, findGatewayStatuses, watchGateway } from './text-line.repository.ts';

/**
 * The barangay phone's health (docs/decisions/032-the-text-line.md): every signed post counts as a
 * sign of life (inbound.service.ts records it); a phone gateway silent for SMS_GATEWAY_SILENT_MINUTES
 * alerts the supadmins once per silence, by a notice (pushed to their phones) and an email.
 */

/** The receiving routes and whether their key turns them on. */
export function inboundRoutesOn(deps: Pick<AppDeps, 'config'>): Record<SmsInboundProvider, boolean> {
  const keys = deps.config.textLine.inbound;
  return { android: Boolean(keys.androidSigningKey), httpsms: Boolean(keys.httpsmsSigningKey), twilio: Boolean(keys.twilioAuthToken) };
}

/** The gateways that are a phone (Twilio is a cloud service with no heartbeat of its own). */
const PHONE_GATEWAYS: readonly SmsInboundProvider[] = ['android', 'httpsms'];

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** `GET /api/sms/gateway`: what the settings page shows of the phone. */
export async function gatewayStatus(deps: AppDeps): Promise<SmsGatewayStatus> {
  const on = inboundRoutesOn(deps);
  const rows = new Map((await findGatewayStatuses(deps.db)).map((row) => [row.provider, row]));
  const receiving = (['android', 'httpsms', 'twilio'] as const).map((provider) => {
    const row = rows.get(provider);
    return {
      provider,
      enabled: on[provider],
      webhookUrl: `${deps.config.publicUrl}/api/sms/inbound/${provider}`,
      lastContactAt: iso(row?.lastContactAt),
      lastHeartbeatAt: iso(row?.lastHeartbeatAt),
      lastMessageAt: iso(row?.lastMessageAt),
    };
  });
  const contacts = receiving.filter((entry) => entry.enabled && entry.lastContactAt).map((entry) => entry.lastContactAt!);
  const silent = PHONE_GATEWAYS.some((provider) => {
    const row = rows.get(provider);
    if (!on[provider] || !row?.silenceAlertedAt) return false;
    return !row.lastContactAt || row.silenceAlertedAt > row.lastContactAt;
  });
  return {
    sending: [deps.config.outsideServices.sms, ...deps.config.outsideServices.smsFallbacks].map((sms) => sms.provider as SmsProviderName),
    gatewayNumber: deps.config.textLine.gatewayNumber ?? null,
    receiving,
    lastContactAt: contacts.sort().at(-1) ?? null,
    silentAfterMinutes: deps.config.textLine.silentMinutes,
    silent,
  };
}

/** Gateway event ids are kept this long: a gateway retries for minutes, not days. */
const EVENT_ID_RETENTION_MS = 7 * 86_400_000;

/**
 * Every minute: a silent phone alerts the supadmins, once per silence; old event ids go, and so do
 * threads closed longer ago than REPORTER_DATA_RETENTION_DAYS, as a closed report's reporter data
 * does (decision 028). Open and blocked threads stay: they still need an admin, or are the block.
 */
export const gatewayWatchJob: Job = {
  name: 'sms gateway watch',
  everyMs: 60_000,
  async run(deps, now) {
    const on = inboundRoutesOn(deps);
    const silentSince = new Date(now.getTime() - deps.config.textLine.silentMinutes * 60_000);
    for (const provider of PHONE_GATEWAYS.filter((candidate) => on[candidate])) {
      await watchGateway(deps.db, provider, now);
      await inTransaction(deps.db, async (tx, afterCommit) => {
        const claimed = await claimSilenceAlert(tx, provider, silentSince, now);
        if (!claimed) return;
        const last = claimed.lastContactAt;
        const minutes = Math.max(1, Math.round((now.getTime() - (last ?? claimed.watchedSince).getTime()) / 60_000));
        const supadmins = await listActiveUsersOfTypes(tx, ['supadmin'], '00000000-0000-0000-0000-000000000000');
        const name = provider === 'android' ? 'SMS Gateway for Android' : 'httpSMS';
        await notify(deps, tx, afterCommit, { userIds: supadmins.map((person) => person.id) }, {
          message: () => (last ? msg`The text line's phone (${name}) has been silent for ${minutes} minutes: texts and missed calls may not reach Bantay. Check its power, signal and app.` : msg`The text line's phone (${name}) has not been heard from since it was set up ${minutes} minutes ago. Check its app and webhook.`),
          kind: 'sms.gateway_silent',
        });
        await enqueueDeliveries(
          deps,
          tx,
          afterCommit,
          supadmins
            .filter((person) => person.email)
            .map((person) => ({
              channel: 'email' as const,
              userId: person.id,
              to: person.email!,
              kind: 'sms.gateway_silent',
              dedupeKey: `sms-gateway-silent:${provider}:${now.toISOString()}:${person.id}`,
              payload: withLocale(person.language ?? 'en', () => ({
                subject: t`Bantay: the text line's phone is silent`,
                text: `${t`The barangay phone that receives texts and missed calls (${name}) has sent nothing for ${minutes} minutes.`}\n\n${t`Until it is back, residents' texts and missed calls do not reach Bantay. Check that the phone is on, charged, has signal and load, and that the gateway app is running.`}\n\n${deps.config.publicUrl}/\n`,
              })),
            })),
        );
      });
    }
    await deleteEventsBefore(deps.db, new Date(now.getTime() - EVENT_ID_RETENTION_MS));
    await deleteThreadsClosedBefore(deps.db, new Date(now.getTime() - deps.config.reporterDataRetentionDays * 86_400_000));
  },
};
