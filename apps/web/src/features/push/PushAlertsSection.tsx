import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Ban, BellOff, BellRing, Monitor, Smartphone } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { MUTABLE_ALERT_KINDS, type MutableAlertKind, type PushSubscriptionSummary } from '@bantay/shared';
import { Loading } from '@/components/Loading.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { storedUserId } from '@/lib/storage.ts';
import { notify } from '@/lib/toast.ts';
import { describeUserAgent } from '@/lib/user-agent.ts';
import { formatDate } from '@/lib/zoned-time.ts';
import { AlertPreferencesForm } from './AlertPreferencesForm.tsx';
import { browserFamily, type PushUnsupportedReason } from './push-browser.ts';
import { PUSH_SUBSCRIPTIONS_KEY, removeSubscription } from './push-api.ts';
import { usePushAlerts, type PushState } from './use-push-alerts.ts';
import { FormAlert } from '@/components/FormAlert.tsx';

type AlertAudience = 'staff' | 'resident';

/** Staff get every kind but a resident's ticket progress; a resident gets only that one, so no switches. */
const KINDS: Record<AlertAudience, readonly MutableAlertKind[]> = {
  staff: MUTABLE_ALERT_KINDS.filter((kind) => kind !== 'ticket'),
  resident: [],
};

const DESCRIPTIONS: Record<AlertAudience, MessageDescriptor> = {
  staff: msg`Emergencies, assignments, backup calls and messages reach you as notifications, even with the screen locked or Bantay closed.`,
  resident: msg`Hear when a tanod responds to your report and when it is resolved, even with Bantay closed.`,
};

const UNSUPPORTED_TEXT: Record<PushUnsupportedReason, MessageDescriptor> = {
  insecure: msg`This page was opened at an address without https, where browsers offer no alerts. Open Bantay at its https:// address to turn them on.`,
  'ios-home-screen': msg`On iPhone and iPad, alerts work from the Home Screen app only: tap Share, then Add to Home Screen, open Bantay from there and turn alerts on (iOS 16.4 or later).`,
  'no-service-worker': msg`This browser cannot show alerts while Bantay is closed (a private window cannot either). Use a recent Chrome, Edge, Firefox or Samsung Internet.`,
  'no-push': msg`This browser cannot show alerts while Bantay is closed. Use a recent Chrome, Edge, Firefox or Samsung Internet.`,
};

/** How to undo a block, in the words of the browser at hand. */
function unblockSteps(): MessageDescriptor[] {
  switch (browserFamily()) {
    case 'safari-ios':
      return [msg`Open the Settings app, then Notifications.`, msg`Choose Bantay and turn on Allow Notifications.`, msg`Come back here.`];
    case 'safari':
      return [msg`Open Safari, then Settings (or Preferences), then Websites.`, msg`Choose Notifications and set this site to Allow.`, msg`Reload this page.`];
    case 'firefox':
      return [
        msg`Click the icon at the left of the address bar.`,
        msg`Next to “Send notifications: Blocked”, click the × to clear it.`,
        msg`Reload this page and turn alerts on again.`,
      ];
    default:
      return [
        msg`Tap the icon at the left of the address bar (a lock or sliders).`,
        msg`Open Permissions or Site settings and set Notifications to Allow.`,
        msg`Reload this page.`,
      ];
  }
}

function StatusLine({ state }: { state: PushState }) {
  const { t } = useLingui();
  switch (state.status) {
    case 'checking':
      return <Trans>Checking this browser…</Trans>;
    case 'unsupported':
      return (
        <>
          <strong>
            <Trans>Not available here.</Trans>
          </strong>{' '}
          {t(UNSUPPORTED_TEXT[state.reason])}
        </>
      );
    case 'blocked':
      return (
        <Trans>
          <strong>Blocked by the browser.</strong> Notifications from Bantay are refused on this device.
        </Trans>
      );
    case 'off':
      return (
        <Trans>
          <strong>Off.</strong> This device gets no alerts while Bantay is closed.
        </Trans>
      );
    case 'on':
      return (
        <Trans>
          <strong>On.</strong> This device gets alerts, even with Bantay closed.
        </Trans>
      );
  }
}

const STATE_ICONS = {
  checking: null,
  unsupported: <BellOff className="h-6 w-6 shrink-0 text-muted" aria-hidden="true" />,
  blocked: <Ban className="h-6 w-6 shrink-0 text-danger" aria-hidden="true" />,
  off: <BellOff className="h-6 w-6 shrink-0 text-muted" aria-hidden="true" />,
  on: <BellRing className="h-6 w-6 shrink-0 text-success" aria-hidden="true" />,
} as const;

function OtherDevice({ subscription, timeZone }: { subscription: PushSubscriptionSummary; timeZone?: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const device = describeUserAgent(subscription.userAgent);
  const Icon = /Android|iPhone|iPad/.test(subscription.userAgent ?? '') ? Smartphone : Monitor;
  const since = formatDate(subscription.createdAt, timeZone);

  async function remove() {
    setRemoving(true);
    try {
      await removeSubscription(subscription._id);
      notify.success(t`Alerts turned off on ${device}`);
    } catch (error) {
      // Already gone is what was wanted.
      if (!(error instanceof ApiError && error.status === 404)) notify.error(t`Error removing the device. Please try again.`);
    } finally {
      setRemoving(false);
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: PUSH_SUBSCRIPTIONS_KEY });
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="push-device">
      <Icon className="h-5 w-5 shrink-0 text-muted" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium" title={subscription.userAgent ?? undefined}>
          {device}
        </p>
        <p className="text-xs text-muted">
          <Trans>Since {since}</Trans>
        </p>
      </div>
      {asking ? (
        <div className="flex w-full items-center justify-end gap-2 sm:w-auto" role="group" aria-label={t`Stop alerts on ${device}?`}>
          <span className="text-sm">
            <Trans>Stop alerts there?</Trans>
          </span>
          <button type="button" className="btn btn-secondary min-h-9 px-3" disabled={removing} onClick={() => setAsking(false)}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="btn btn-danger min-h-9 px-3" disabled={removing} autoFocus onClick={() => void remove()}>
            {removing ? t`Removing…` : t`Remove`}
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-secondary min-h-9 px-3" aria-label={t`Remove ${device}`} onClick={() => setAsking(true)}>
          <Trans>Remove</Trans>
        </button>
      )}
    </li>
  );
}

interface PushAlertsSectionProps {
  audience: AlertAudience;
}

/**
 * Push alerts: turn them on or off for this browser, see and remove my other devices,
 * and choose what comes and when. Loaded on its own, after the page that shows it.
 */
export default function PushAlertsSection({ audience }: PushAlertsSectionProps) {
  const { t } = useLingui();
  const [userId] = useState(storedUserId);
  const alerts = usePushAlerts(userId);
  const timeZone = usePublicSettings().data?.timezone;
  const { state, busy } = alerts;

  return (
    <section aria-labelledby="push-alerts-title" className="card" data-testid="push-alerts">
      <h2 id="push-alerts-title" className="text-lg font-semibold">
        <Trans>Alerts on this device</Trans>
      </h2>
      <p className="mt-1 text-sm text-muted">{t(DESCRIPTIONS[audience])}</p>

      <div className="mt-4 flex flex-col gap-6">
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-3">
            {state.status === 'checking' ? <Loading label={t`Checking this browser…`} /> : STATE_ICONS[state.status]}
            <p className="min-w-0 flex-1 basis-48 text-sm" data-testid="push-state" data-state={state.status} aria-live="polite">
              <StatusLine state={state} />
            </p>
            {state.status === 'off' && (
              <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void alerts.turnOn()}>
                {busy === 'on' ? t`Turning on…` : t`Turn on alerts`}
              </button>
            )}
            {state.status === 'on' && (
              <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={() => void alerts.turnOff()}>
                {busy === 'off' ? t`Turning off…` : t`Turn off`}
              </button>
            )}
          </div>
          {state.status === 'off' && !alerts.dismissed && !alerts.problem && (
            <p className="text-xs text-muted">
              <Trans>Your browser will ask to allow notifications from Bantay: choose Allow.</Trans>
            </p>
          )}
          {alerts.dismissed && state.status === 'off' && (
            <p role="status" className="rounded-lg bg-surface-2 px-3 py-2 text-sm">
              <Trans>
                The browser’s question was closed without an answer. Press <strong>Turn on alerts</strong> again and choose Allow.
              </Trans>
            </p>
          )}
          {state.status === 'blocked' && (
            <div className="rounded-lg border border-line bg-surface-2 px-3 py-2.5 text-sm">
              <p className="font-semibold">
                <Trans>To allow them again:</Trans>
              </p>
              <ol className="mt-1 list-decimal space-y-0.5 pl-5">
                {unblockSteps().map((step, index) => (
                  <li key={index}>{t(step)}</li>
                ))}
              </ol>
              <button type="button" className="btn btn-secondary mt-3 min-h-9 px-3" onClick={() => void alerts.recheck()}>
                <Trans>Check again</Trans>
              </button>
            </div>
          )}
          <FormAlert message={alerts.problem} />
        </div>

        <div>
          <h3 className="text-base font-semibold">
            <Trans>Your other devices with alerts</Trans>
          </h3>
          {alerts.subscriptions.isPending ? (
            <p className="mt-1 text-sm text-muted">
              <Trans>Loading…</Trans>
            </p>
          ) : alerts.subscriptions.isError ? (
            <p role="alert" className="mt-1 text-sm text-danger">
              <Trans>Error loading your devices.</Trans>{' '}
              <button type="button" className="font-semibold underline" onClick={() => void alerts.subscriptions.refetch()}>
                <Trans>Try again</Trans>
              </button>
            </p>
          ) : alerts.others.length === 0 ? (
            <p className="mt-1 text-sm text-muted">
              <Trans>None. Turn alerts on from each phone you want them on.</Trans>
            </p>
          ) : (
            <ul className="flex flex-col divide-y divide-line" aria-label={t`Other devices with alerts`}>
              {alerts.others.map((subscription) => (
                <OtherDevice key={subscription._id} subscription={subscription} timeZone={timeZone} />
              ))}
            </ul>
          )}
        </div>

        <div className="border-t border-line pt-5">
          <AlertPreferencesForm kinds={KINDS[audience]} showsEmergencies={audience === 'staff'} />
        </div>
      </div>
    </section>
  );
}
