import { CircleAlert, CircleCheck, Smartphone } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SmsGatewayStatus, SmsInboundProvider, SmsProviderName } from '@bantay/shared';
import { Chip } from '@/components/Chip.tsx';
import { currentIntlTag } from '@/lib/i18n.ts';
import { formatPhoneForDisplay, normalizeMobileNumber } from '@/lib/phone.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { useNow } from '@/lib/use-now.ts';
import { formatDateTime } from '@/lib/zoned-time.ts';
import { sinceText } from './text-line-format.ts';
import { useGatewayStatus } from './text-line-api.ts';

/* eslint-disable lingui/no-unlocalized-strings -- the gateways' product names, the same in every language */
const PRODUCT_NAMES: Record<Exclude<SmsProviderName, 'console'>, string> = {
  semaphore: 'Semaphore',
  twilio: 'Twilio',
  android: 'SMS Gateway for Android',
  httpsms: 'httpSMS',
};
/* eslint-enable lingui/no-unlocalized-strings */

function useProviderName() {
  const { t } = useLingui();
  return (provider: SmsProviderName | SmsInboundProvider) =>
    provider === 'console' ? t`Test console (no texts leave the server)` : PRODUCT_NAMES[provider];
}

/** Whether the phone needs looking at: silent past the limit, or never heard from while a route is on. */
function healthOf(status: SmsGatewayStatus): 'none' | 'ok' | 'silent' | 'never' {
  const on = status.receiving.some((route) => route.enabled);
  if (!on) return 'none';
  if (status.silent) return 'silent';
  return status.lastContactAt ? 'ok' : 'never';
}

/** One line under the inbox's title: when the barangay phone was last heard from. */
export function GatewayLine() {
  const { t } = useLingui();
  const status = useGatewayStatus().data;
  const now = useNow(30_000);
  if (!status) return null;
  const health = healthOf(status);
  if (health === 'none') {
    return (
      <p className="text-sm text-muted">
        <Trans>No gateway phone receives texts yet: a supadmin sets one up.</Trans>
      </p>
    );
  }
  const since = status.lastContactAt ? sinceText(status.lastContactAt, currentIntlTag(), now) : '';
  return (
    <p className={`flex items-center gap-1.5 text-sm ${health === 'ok' ? 'text-ink-soft' : 'font-medium text-danger'}`} data-testid="gateway-line">
      {health === 'ok' ? (
        <CircleCheck className="h-4 w-4 shrink-0 text-success" aria-hidden="true" />
      ) : (
        <CircleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
      )}
      {health === 'never' ? t`The barangay phone has not been heard from yet.` : t`Barangay phone last heard from ${since}.`}
      {health === 'silent' ? ` ${t`Texts may not be arriving.`}` : ''}
    </p>
  );
}

/** The card's first line: working, never heard from, or silent past the limit. */
function HealthSummary({ status, now }: { status: SmsGatewayStatus; now: number }) {
  const { t } = useLingui();
  const health = healthOf(status);
  const since = status.lastContactAt ? sinceText(status.lastContactAt, currentIntlTag(), now) : '';
  const minutes = status.silentAfterMinutes;
  if (health === 'none') return <Chip>{t`Not receiving: no gateway is configured`}</Chip>;
  if (health === 'ok') {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Chip tone="success">{t`Working`}</Chip>
        <span>{t`Last contact ${since}.`}</span>
      </p>
    );
  }
  return (
    <p role="status" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
      {health === 'never'
        ? t`The phone has never contacted Bantay. Check the gateway app's webhook address and key.`
        : t`No sign of life for more than ${minutes} minutes (last contact ${since}). Check that the phone is on, charged and online.`}
    </p>
  );
}

/**
 * The barangay phone's health for the settings page: who sends the texts (in order), each
 * receiving route with its webhook address and last contact, and whether the phone has gone
 * silent (docs/decisions/032-the-text-line.md).
 */
export function GatewayStatusCard() {
  const { t } = useLingui();
  const query = useGatewayStatus();
  const { data: settings } = usePublicSettings();
  const now = useNow(30_000);
  const providerName = useProviderName();
  const status = query.data;
  const zone = settings?.timezone;
  const silentMinutes = status?.silentAfterMinutes ?? 0;
  const when = (iso: string | null) => (iso ? `${formatDateTime(iso, zone)} (${sinceText(iso, currentIntlTag(), now)})` : t`Never`);

  return (
    <section className="card flex flex-col gap-4" aria-labelledby="gateway-title" data-testid="gateway-status">
      <div>
        <h2 id="gateway-title" className="flex items-center gap-2 text-lg font-semibold">
          <Smartphone className="h-5 w-5 text-muted" aria-hidden="true" />
          <Trans>Text line phone</Trans>
        </h2>
        <p className="text-sm text-muted">
          <Trans>
            The barangay phone that sends Bantay's texts and receives residents' texts and missed calls. It is set up on the server, not here.
          </Trans>
        </p>
      </div>
      {query.isLoading ? (
        <p className="text-sm text-muted">
          <Trans>Loading…</Trans>
        </p>
      ) : !status ? (
        <p role="alert" className="text-sm">
          <Trans>The phone's state could not be loaded.</Trans>{' '}
          <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : (
        <>
          <HealthSummary status={status} now={now} />
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-medium text-muted">
              <Trans>Phone number</Trans>
            </dt>
            <dd className="tabular-nums">
              {status.gatewayNumber ? formatPhoneForDisplay(normalizeMobileNumber(status.gatewayNumber) ?? status.gatewayNumber) : t`Not set`}
            </dd>
            <dt className="font-medium text-muted">
              <Trans>Sends texts through</Trans>
            </dt>
            <dd>
              {status.sending.length === 0 ? (
                t`Nothing configured`
              ) : (
                <ol className="flex flex-wrap gap-x-2 gap-y-1">
                  {status.sending.map((provider, index) => (
                    <li key={provider}>
                      {index > 0 && <span className="text-muted">{'→ '}</span>}
                      {providerName(provider)}
                    </li>
                  ))}
                </ol>
              )}
            </dd>
            <dt className="font-medium text-muted">
              <Trans>Alert when silent for</Trans>
            </dt>
            <dd>{t`${silentMinutes} minutes`}</dd>
          </dl>
          <ul className="flex flex-col gap-3" aria-label={t`Receiving gateways`}>
            {status.receiving.map((route) => (
              <li key={route.provider} className="rounded-lg border border-line p-3 text-sm" data-provider={route.provider}>
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  {providerName(route.provider)}
                  {route.enabled ? <Chip tone="success">{t`On`}</Chip> : <Chip>{t`Off (no key set)`}</Chip>}
                </p>
                {route.enabled && (
                  <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
                    <dt className="text-muted">
                      <Trans>Webhook address</Trans>
                    </dt>
                    <dd className="break-all font-mono text-xs">{route.webhookUrl}</dd>
                    <dt className="text-muted">
                      <Trans>Last contact</Trans>
                    </dt>
                    <dd>{when(route.lastContactAt)}</dd>
                    <dt className="text-muted">
                      <Trans>Last heartbeat</Trans>
                    </dt>
                    <dd>{when(route.lastHeartbeatAt)}</dd>
                    <dt className="text-muted">
                      <Trans>Last text or missed call</Trans>
                    </dt>
                    <dd>{when(route.lastMessageAt)}</dd>
                  </dl>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
