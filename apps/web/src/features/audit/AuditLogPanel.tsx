import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITIES, AUDIT_ENTITY_LABELS, type AuditEntry, type AuditList } from '@bantay/shared';
import { Loading } from '@/components/Loading.tsx';
import { api } from '@/lib/api-client.ts';
import { fullName } from '@/lib/full-name.ts';
import { currentIntlTag } from '@/lib/i18n.ts';

/**
 * The word for an entry's action or entity, in the language on screen (the shared vocabulary reads
 * in it when read, packages/shared/src/i18n.ts); a value this build does not know is shown as it is.
 */
const labelOf = (labels: Readonly<Record<string, string>>, value: string): string => (Object.hasOwn(labels, value) ? labels[value]! : value);

function summary(values: Record<string, unknown> | null): string {
  if (!values) return '';
  return Object.entries(values)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

function Row({ entry }: { entry: AuditEntry }) {
  const { t } = useLingui();
  const who = entry.actor ? fullName(entry.actor) : t`System`;
  const action = labelOf(AUDIT_ACTION_LABELS, entry.action);
  const entity = labelOf(AUDIT_ENTITY_LABELS, entry.entity);
  const before = summary(entry.before);
  const after = summary(entry.after);
  return (
    <li className="flex flex-col gap-1 p-4 text-sm" data-testid="audit-row">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <strong>{who}</strong>
        <span>{action}</span>
        <span className="rounded-md bg-surface-2 px-1.5 py-0.5 text-xs font-medium text-ink-soft">{entity}</span>
        <span className="ml-auto text-xs text-muted">
          <time dateTime={entry.at}>{new Date(entry.at).toLocaleString(currentIntlTag())}</time>
          {entry.ip ? ` · ${entry.ip}` : ''}
        </span>
      </p>
      {entry.before && (
        <p className="break-words text-muted">
          <Trans>Before: {before}</Trans>
        </p>
      )}
      {entry.after && (
        <p className="break-words">
          <Trans>After: {after}</Trans>
        </p>
      )}
    </li>
  );
}

/** The supadmin's audit log: newest first, by entity and period, a page at a time. */
export function AuditLogPanel() {
  const { t } = useLingui();
  const [entity, setEntity] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const log = useInfiniteQuery({
    queryKey: ['audit', entity, from, to],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: '30' });
      if (entity) params.set('entity', entity);
      if (from) params.set('from', new Date(`${from}T00:00:00`).toISOString());
      if (to) params.set('to', new Date(`${to}T23:59:59.999`).toISOString());
      if (pageParam) params.set('cursor', pageParam);
      return api<AuditList>(`/api/audit?${params}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="flex flex-col gap-4" aria-label={t`Audit log`}>
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <label className="col-span-2 flex flex-col gap-1 text-sm font-medium">
          <Trans>What</Trans>
          <select className="input" value={entity} onChange={(event) => setEntity(event.target.value)}>
            <option value="">{t`Everything`}</option>
            {AUDIT_ENTITIES.map((value) => (
              <option key={value} value={value}>
                {AUDIT_ENTITY_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          <Trans>From</Trans>
          <input type="date" className="input" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          <Trans>To</Trans>
          <input type="date" className="input" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
      </div>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <div role="alert" className="card flex flex-wrap items-center gap-3 text-sm">
          <span className="flex-1">
            <Trans>Error loading the audit log.</Trans>
          </span>
          <button type="button" className="btn btn-secondary" onClick={() => void log.refetch()}>
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : entries.length === 0 ? (
        <p className="card text-center text-sm text-muted">
          <Trans>Nothing recorded for this choice.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface">
          {entries.map((entry) => (
            <Row key={entry._id} entry={entry} />
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <button type="button" className="btn btn-secondary self-center" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? t`Loading…` : t`Load more`}
        </button>
      )}
    </section>
  );
}
