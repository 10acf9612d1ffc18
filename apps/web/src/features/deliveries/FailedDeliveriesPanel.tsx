import { useState } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { BellRing, Mail, MessageSquare, RotateCw, Webhook, type LucideIcon } from 'lucide-react';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DeliveryChannel, FailedDelivery, FailedDeliveryList } from '@bantay/shared';
import { QueryState } from '@/components/QueryState.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { notify } from '@/lib/toast.ts';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query.ts';
import { formatDateTime } from '@/lib/zoned-time.ts';
import { FAILED_DELIVERIES_KEY, retryDelivery, useFailedDeliveries } from './deliveries-api.ts';
import { fullName } from '@/lib/full-name.ts';

const CHANNELS: Record<DeliveryChannel, { label: MessageDescriptor; icon: LucideIcon }> = {
  push: { label: msg`Push`, icon: BellRing },
  sms: { label: msg`SMS`, icon: MessageSquare },
  email: { label: msg`Email`, icon: Mail },
  webhook: { label: msg`Webhook`, icon: Webhook },
};

/**
 * The alerts the server sends, in words: the English is what `kindWords` makes of the kind (a test
 * holds them equal), the Filipino comes from the catalogue.
 */
export const KIND_LABELS: Record<string, MessageDescriptor> = {
  'account.password_reset': msg`Account: password reset`,
  'account.password_setup': msg`Account: password setup`,
  'account.pin_reset': msg`Account: pin reset`,
  'advisory.published': msg`Advisory: published`,
  'assistance.approved': msg`Assistance: approved`,
  'assistance.dispatched': msg`Assistance: dispatched`,
  'assistance.rejected': msg`Assistance: rejected`,
  'assistance.requested': msg`Assistance: requested`,
  'blotter.copy_approved': msg`Blotter: copy approved`,
  'blotter.copy_rejected': msg`Blotter: copy rejected`,
  'blotter.copy_requested': msg`Blotter: copy requested`,
  'blotter.hearing_scheduled': msg`Blotter: hearing scheduled`,
  'chat.message': msg`Chat: message`,
  general: msg`General`,
  'incident.assigned': msg`Incident: assigned`,
  'incident.emergency_reported': msg`Incident: emergency reported`,
  'incident.escalated': msg`Incident: escalated`,
  'incident.false_alarm': msg`Incident: false alarm`,
  'incident.note': msg`Incident: note`,
  'incident.reassigned': msg`Incident: reassigned`,
  'incident.reported': msg`Incident: reported`,
  'incident.requeued': msg`Incident: requeued`,
  'incident.resolved': msg`Incident: resolved`,
  'incident.responded': msg`Incident: responded`,
  'incident.status_changed': msg`Incident: status changed`,
  'inventory.low': msg`Inventory: low`,
  'loan.approved': msg`Loan: approved`,
  'loan.due': msg`Loan: due`,
  'loan.overdue': msg`Loan: overdue`,
  'message.sent': msg`Message: sent`,
  'patrol.absent': msg`Patrol: absent`,
  'patrol.late': msg`Patrol: late`,
  'patrol.missed': msg`Patrol: missed`,
  'patrol.out_of_area': msg`Patrol: out of area`,
  'patrol.reminder': msg`Patrol: reminder`,
  ping: msg`Ping`,
  'schedule.changed': msg`Schedule: changed`,
  'schedule.incomplete': msg`Schedule: incomplete`,
  'schedule.published': msg`Schedule: published`,
  'schedule.reminder': msg`Schedule: reminder`,
  'ticket.received': msg`Ticket: received`,
  'ticket.resolved': msg`Ticket: resolved`,
  'trip.approved': msg`Trip: approved`,
  'trip.rejected': msg`Trip: rejected`,
  'trip.requested': msg`Trip: requested`,
};

/** `incident.emergency_reported` → “Incident: emergency reported”: how a kind reads in English. */
export function kindWords(kind: string): string {
  const [area = '', ...rest] = kind.split('.');
  const words = (text: string) => text.replace(/_/g, ' ');
  const head = words(area).replace(/^\w/, (letter) => letter.toUpperCase());
  return rest.length > 0 ? `${head}: ${words(rest.join(' '))}` : head;
}

/** A kind in the language on screen; one this build does not know reads as its English words. Called while rendering. */
export function kindLabel(kind: string): string {
  const label = Object.hasOwn(KIND_LABELS, kind) ? KIND_LABELS[kind] : undefined;
  return label ? i18n._(label) : kindWords(kind);
}

const recipientName = (delivery: FailedDelivery) => (delivery.recipient ? fullName(delivery.recipient) : i18n._(msg`No account`));

function ChannelChip({ channel }: { channel: DeliveryChannel }) {
  const { t } = useLingui();
  const { icon: Icon } = CHANNELS[channel];
  const label = t(CHANNELS[channel].label);
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold text-ink-soft">
      <Icon className="h-3 w-3" aria-hidden="true" /> {label}
    </span>
  );
}

interface RowProps {
  delivery: FailedDelivery;
  timeZone?: string;
  retrying: boolean;
  onRetry(delivery: FailedDelivery): void;
}

function RetryButton({ delivery, retrying, onRetry }: Omit<RowProps, 'timeZone'>) {
  const { t } = useLingui();
  const channel = t(CHANNELS[delivery.channel].label);
  const recipient = recipientName(delivery);
  const alert = kindLabel(delivery.kind);
  return (
    <button
      type="button"
      className="btn btn-secondary min-h-9 shrink-0 whitespace-nowrap px-3"
      disabled={retrying}
      aria-label={t`Retry ${channel} to ${recipient}, ${alert}`}
      onClick={() => onRetry(delivery)}
    >
      <RotateCw className={`h-4 w-4 ${retrying ? 'animate-spin' : ''}`} aria-hidden="true" />
      {retrying ? t`Retrying…` : t`Retry`}
    </button>
  );
}

/** On a phone each failed alert is a card: what, to whom, why it failed, and Retry. */
function DeliveryCard({ delivery, timeZone, retrying, onRetry }: RowProps) {
  const { t } = useLingui();
  const attempts = delivery.attempts;
  return (
    <li className="flex flex-col gap-2 p-4 text-sm" data-testid="failed-delivery">
      <p className="flex flex-wrap items-center gap-2">
        <ChannelChip channel={delivery.channel} />
        <span className="font-semibold">{kindLabel(delivery.kind)}</span>
      </p>
      <p>
        <span className="font-medium">{recipientName(delivery)}</span>
        <span className="text-ink-soft"> · <span className="break-words">{delivery.destination}</span></span>
      </p>
      {delivery.lastError && <p className="break-words rounded-lg bg-danger/10 px-2 py-1.5 text-danger">{delivery.lastError}</p>}
      <div className="flex items-center gap-3">
        <p className="min-w-0 flex-1 text-xs text-muted">
          <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt, timeZone)}</time> ·{' '}
          {t`${plural(attempts, { one: '# try', other: '# tries' })}`}
        </p>
        <RetryButton delivery={delivery} retrying={retrying} onRetry={onRetry} />
      </div>
    </li>
  );
}

function DeliveryRow({ delivery, timeZone, retrying, onRetry }: RowProps) {
  return (
    <tr data-testid="failed-delivery" className="align-top">
      <td className="whitespace-nowrap px-4 py-3 text-ink-soft">
        <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt, timeZone)}</time>
      </td>
      <td className="px-4 py-3">
        <ChannelChip channel={delivery.channel} />
      </td>
      <td className="px-4 py-3 font-medium">{kindLabel(delivery.kind)}</td>
      <td className="px-4 py-3">
        <span className="block font-medium">{recipientName(delivery)}</span>
        <span className="block break-words text-xs text-ink-soft">{delivery.destination}</span>
      </td>
      <td className="px-4 py-3 text-right tabular-nums">{delivery.attempts}</td>
      <td className="max-w-72 break-words px-4 py-3 text-danger">{delivery.lastError ?? <span className="text-muted">—</span>}</td>
      <td className="px-4 py-3 text-right">
        <RetryButton delivery={delivery} retrying={retrying} onRetry={onRetry} />
      </td>
    </tr>
  );
}

/**
 * The supadmin's failed alerts: pushes, texts and emails the server stopped trying
 * after its last retry, newest first, each with a Retry that gives it a new round of tries.
 */
export function FailedDeliveriesPanel() {
  const { t } = useLingui();
  const query = useFailedDeliveries();
  const queryClient = useQueryClient();
  const timeZone = usePublicSettings().data?.timezone;
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [retrying, setRetrying] = useState<Set<string>>(new Set());

  async function retry(delivery: FailedDelivery) {
    setRetrying((current) => new Set(current).add(delivery._id));
    try {
      await retryDelivery(delivery._id);
      // It is no longer failed: out of the list at once. Should it fail again, it comes back here.
      queryClient.setQueryData<InfiniteData<FailedDeliveryList, string | null>>(FAILED_DELIVERIES_KEY, (data) =>
        data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item._id !== delivery._id) })) },
      );
      notify.success(t`Sending again. If it fails again, it returns to this list.`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        notify.info(t`That alert is no longer waiting for a retry.`);
        void queryClient.invalidateQueries({ queryKey: FAILED_DELIVERIES_KEY });
      } else {
        notify.error(error instanceof ApiError && error.isNetwork ? error.message : t`Error retrying the alert. Please try again.`);
      }
    } finally {
      setRetrying((current) => {
        const next = new Set(current);
        next.delete(delivery._id);
        return next;
      });
    }
  }

  return (
    <section className="flex flex-col gap-4" aria-labelledby="failed-deliveries-title">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id="failed-deliveries-title" className="text-lg font-semibold">
            <Trans>Failed alerts</Trans>
          </h2>
          <p className="text-sm text-muted">
            <Trans>
              Push notifications, text messages and emails the server gave up sending after its last try. Fix the cause (a
              phone number, the SMS gateway, the mail server), then retry.
            </Trans>
          </p>
        </div>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          <RotateCw className={`h-4 w-4 ${query.isFetching && !query.isFetchingNextPage ? 'animate-spin' : ''}`} aria-hidden="true" />
          <Trans>Refresh</Trans>
        </button>
      </div>
      <QueryState
        query={query}
        loadingLabel={t`Loading the failed alerts…`}
        errorText={t`Error loading the failed alerts.`}
        isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
        empty={t`No failed alerts. Every alert went out.`}
      >
        {(data) => {
          const items = data.pages.flatMap((page) => page.items);
          const rowProps = (delivery: FailedDelivery) => ({
            delivery,
            timeZone,
            retrying: retrying.has(delivery._id),
            onRetry: (chosen: FailedDelivery) => void retry(chosen),
          });
          return isPhone ? (
            <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface" aria-label={t`Failed alerts`}>
              {items.map((delivery) => (
                <DeliveryCard key={delivery._id} {...rowProps(delivery)} />
              ))}
            </ul>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-line bg-surface">
              <table className="w-full min-w-[52rem] text-left text-sm">
                <caption className="sr-only">
                  <Trans>Failed alerts, newest first</Trans>
                </caption>
                <thead className="whitespace-nowrap border-b border-line bg-surface-2 text-xs uppercase tracking-wide text-muted">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      <Trans>When</Trans>
                    </th>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      <Trans>Channel</Trans>
                    </th>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      <Trans>Alert</Trans>
                    </th>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      {/* Whom the alert was for; "To" alone also names the end of a date range elsewhere. */}
                      <Trans id="deliveries.column.recipient">To</Trans>
                    </th>
                    <th scope="col" className="px-4 py-2 text-right font-semibold">
                      <Trans>Tries</Trans>
                    </th>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      <Trans>Last error</Trans>
                    </th>
                    <th scope="col" className="px-4 py-2">
                      <span className="sr-only">
                        <Trans>Actions</Trans>
                      </span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {items.map((delivery) => (
                    <DeliveryRow key={delivery._id} {...rowProps(delivery)} />
                  ))}
                </tbody>
              </table>
            </div>
          );
        }}
      </QueryState>
      {query.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-danger">
          <Trans>Error loading more. Please try again.</Trans>
        </p>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="btn btn-secondary self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t`Loading…` : t`Load more`}
        </button>
      )}
    </section>
  );
}
