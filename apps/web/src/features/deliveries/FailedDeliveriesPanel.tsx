import { useState } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { BellRing, Mail, MessageSquare, RotateCw, type LucideIcon } from 'lucide-react';
import type { DeliveryChannel, FailedDelivery, FailedDeliveryList } from '@bantay/shared';
import { QueryState } from '@/components/QueryState.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { notify } from '@/lib/toast.ts';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query.ts';
import { formatDateTime } from '@/lib/zoned-time.ts';
import { FAILED_DELIVERIES_KEY, retryDelivery, useFailedDeliveries } from './deliveries-api.ts';
import { fullName } from '@/lib/full-name.ts';

const CHANNELS: Record<DeliveryChannel, { label: string; icon: LucideIcon }> = {
  push: { label: 'Push', icon: BellRing },
  sms: { label: 'SMS', icon: MessageSquare },
  email: { label: 'Email', icon: Mail },
};

/** `incident.emergency_reported` → “Incident: emergency reported”; a kind this build does not know reads the same way. */
export function kindLabel(kind: string): string {
  const [area = '', ...rest] = kind.split('.');
  const words = (text: string) => text.replace(/_/g, ' ');
  const head = words(area).replace(/^\w/, (letter) => letter.toUpperCase());
  return rest.length > 0 ? `${head}: ${words(rest.join(' '))}` : head;
}

const recipientName = (delivery: FailedDelivery) =>
  delivery.recipient ? fullName(delivery.recipient) : 'No account';

function ChannelChip({ channel }: { channel: DeliveryChannel }) {
  const { label, icon: Icon } = CHANNELS[channel];
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
  return (
    <button
      type="button"
      className="btn btn-secondary min-h-9 shrink-0 px-3"
      disabled={retrying}
      aria-label={`Retry ${CHANNELS[delivery.channel].label} to ${recipientName(delivery)}, ${kindLabel(delivery.kind)}`}
      onClick={() => onRetry(delivery)}
    >
      <RotateCw className={`h-4 w-4 ${retrying ? 'animate-spin' : ''}`} aria-hidden="true" />
      {retrying ? 'Retrying…' : 'Retry'}
    </button>
  );
}

/** On a phone each failed alert is a card: what, to whom, why it failed, and Retry. */
function DeliveryCard({ delivery, timeZone, retrying, onRetry }: RowProps) {
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
          {delivery.attempts === 1 ? '1 try' : `${delivery.attempts} tries`}
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
      notify.success('Sending again. If it fails again, it returns to this list.');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        notify.info('That alert is no longer waiting for a retry.');
        void queryClient.invalidateQueries({ queryKey: FAILED_DELIVERIES_KEY });
      } else {
        notify.error(error instanceof ApiError && error.isNetwork ? error.message : 'Error retrying the alert. Please try again.');
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
            Failed alerts
          </h2>
          <p className="text-sm text-muted">
            Push notifications, text messages and emails the server gave up sending after its last try. Fix the cause (a
            phone number, the SMS gateway, the mail server), then retry.
          </p>
        </div>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          <RotateCw className={`h-4 w-4 ${query.isFetching && !query.isFetchingNextPage ? 'animate-spin' : ''}`} aria-hidden="true" />
          Refresh
        </button>
      </div>
      <QueryState
        query={query}
        loadingLabel="Loading the failed alerts…"
        errorText="Error loading the failed alerts."
        isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
        empty="No failed alerts. Every alert went out."
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
            <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface" aria-label="Failed alerts">
              {items.map((delivery) => (
                <DeliveryCard key={delivery._id} {...rowProps(delivery)} />
              ))}
            </ul>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-line bg-surface">
              <table className="w-full min-w-[52rem] text-left text-sm">
                <caption className="sr-only">Failed alerts, newest first</caption>
                <thead className="whitespace-nowrap border-b border-line bg-surface-2 text-xs uppercase tracking-wide text-muted">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-semibold">When</th>
                    <th scope="col" className="px-4 py-2 font-semibold">Channel</th>
                    <th scope="col" className="px-4 py-2 font-semibold">Alert</th>
                    <th scope="col" className="px-4 py-2 font-semibold">To</th>
                    <th scope="col" className="px-4 py-2 text-right font-semibold">Tries</th>
                    <th scope="col" className="px-4 py-2 font-semibold">Last error</th>
                    <th scope="col" className="px-4 py-2">
                      <span className="sr-only">Actions</span>
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
          Error loading more. Please try again.
        </p>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="btn btn-secondary self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}
