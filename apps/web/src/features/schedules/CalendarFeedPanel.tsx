import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, Copy } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CreatedCalendarFeed } from '@bantay/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { copyText } from '@/lib/copy-text.ts';
import { formatDate } from '@/lib/zoned-time.ts';
import { notify } from '@/lib/toast.ts';
import { CALENDAR_FEED_KEY, createCalendarFeed, stopCalendarFeed, useCalendarFeedStatus } from './calendar-feed-api.ts';

/**
 * "Add to my phone's calendar" on the tanod's Schedule page (docs/decisions/034-the-integration-kit.md,
 * "Calendar feeds"): makes the feed, shows its address once with a copy button and a webcal: link
 * a phone opens as a subscription, and stops it after a confirmation.
 */
export function CalendarFeedPanel({ timeZone }: { timeZone: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const status = useCalendarFeedStatus();
  const [created, setCreated] = useState<CreatedCalendarFeed | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingStop, setConfirmingStop] = useState(false);
  const active = created !== null || status.data?.active === true;
  const since = status.data?.createdAt ? formatDate(status.data.createdAt, timeZone) : null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: CALENDAR_FEED_KEY });
  const failed = (error: unknown, fallback: string) => notify.error(error instanceof ApiError ? error.message : fallback);

  async function create() {
    setBusy(true);
    try {
      setCreated(await createCalendarFeed());
      await refresh();
    } catch (error) {
      failed(error, t`The calendar address could not be made. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  async function stop() {
    setConfirmingStop(false);
    setBusy(true);
    try {
      await stopCalendarFeed();
      setCreated(null);
      await refresh();
      notify.success(t`The calendar feed is stopped. Remove the Bantay calendar from your phone.`);
    } catch (error) {
      failed(error, t`The calendar feed could not be stopped. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  async function copy(url: string) {
    if (await copyText(url)) notify.success(t`Address copied`);
    else notify.error(t`Copy failed: select the address and copy it yourself.`);
  }

  return (
    <section aria-labelledby="calendar-feed-heading" className="card flex flex-col gap-3 p-3 sm:p-5">
      <h2 id="calendar-feed-heading" className="text-lg font-semibold">
        <Trans>Your shifts in your phone's calendar</Trans>
      </h2>
      {created ? (
        <>
          <p className="text-sm">
            <Trans>
              Open the link below on your phone, or copy the address into your calendar app's "add calendar from URL". Your shifts from the last 30 days to
              the next 90 appear there, each with a reminder 30 minutes before, and update by themselves.
            </Trans>
          </p>
          <label className="flex flex-col gap-1 text-sm font-medium" htmlFor="calendar-feed-url">
            <Trans>Calendar address (keep it to yourself)</Trans>
            <input id="calendar-feed-url" className="input font-mono text-xs" readOnly value={created.url} onFocus={(event) => event.currentTarget.select()} />
          </label>
          <div className="flex flex-wrap gap-2">
            <a className="btn btn-primary" href={created.webcalUrl}>
              <CalendarPlus className="h-4 w-4" aria-hidden="true" />
              <Trans>Open in my calendar</Trans>
            </a>
            <button type="button" className="btn btn-secondary" onClick={() => void copy(created.url)}>
              <Copy className="h-4 w-4" aria-hidden="true" />
              <Trans>Copy address</Trans>
            </button>
          </div>
          <p className="text-xs text-muted">
            <Trans>This address is shown only now. Anyone who has it can see your shifts: if it gets out, make a new one and the old one stops.</Trans>
          </p>
        </>
      ) : active && since ? (
        <p className="text-sm">
          <Trans>Your calendar feed has been on since {since}. Its address cannot be shown again: make a new one if you need it, and the old one stops.</Trans>
        </p>
      ) : (
        <p className="text-sm text-muted">
          <Trans>See your patrol shifts in Google Calendar, Apple Calendar or Outlook on your phone, with a reminder before each one.</Trans>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={created ? 'btn btn-ghost' : 'btn btn-primary'} disabled={busy || status.isPending} onClick={() => void create()}>
          {!created && <CalendarPlus className="h-4 w-4" aria-hidden="true" />}
          {active ? <Trans>Make a new address</Trans> : <Trans>Add to my phone's calendar</Trans>}
        </button>
        {active && (
          <button type="button" className="btn btn-ghost text-danger" disabled={busy} onClick={() => setConfirmingStop(true)}>
            <Trans>Stop the feed</Trans>
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirmingStop}
        message={t`Stop the calendar feed? Your phone's calendar stops getting your shifts.`}
        confirmLabel={t`Stop the feed`}
        onConfirm={() => void stop()}
        onCancel={() => setConfirmingStop(false)}
      />
    </section>
  );
}
