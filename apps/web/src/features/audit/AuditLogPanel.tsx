import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITIES, AUDIT_ENTITY_LABELS, type AuditEntry, type AuditList } from '@bantay/shared';
import { Loading } from '@/components/Loading.tsx';
import { api } from '@/lib/api-client.ts';
import { fullName } from '@/lib/full-name.ts';

/** The shared words for an entry's action and entity; a value this build does not know is shown as it is. */
const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as keyof typeof AUDIT_ACTION_LABELS] ?? action;
const entityLabel = (entity: string) => AUDIT_ENTITY_LABELS[entity as keyof typeof AUDIT_ENTITY_LABELS] ?? entity;

function summary(values: Record<string, unknown> | null): string {
  if (!values) return '';
  return Object.entries(values)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

function Row({ entry }: { entry: AuditEntry }) {
  const who = entry.actor ? fullName(entry.actor) : 'System';
  return (
    <li className="flex flex-col gap-1 p-4 text-sm" data-testid="audit-row">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <strong>{who}</strong>
        <span>{actionLabel(entry.action)}</span>
        <span className="rounded-md bg-surface-2 px-1.5 py-0.5 text-xs font-medium text-ink-soft">{entityLabel(entry.entity)}</span>
        <span className="ml-auto text-xs text-muted">
          <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
          {entry.ip ? ` · ${entry.ip}` : ''}
        </span>
      </p>
      {entry.before && <p className="break-words text-muted">Before: {summary(entry.before)}</p>}
      {entry.after && <p className="break-words">After: {summary(entry.after)}</p>}
    </li>
  );
}

/** The supadmin's audit log: newest first, by entity and period, a page at a time. */
export function AuditLogPanel() {
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
    <section className="flex flex-col gap-4" aria-label="Audit log">
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <label className="col-span-2 flex flex-col gap-1 text-sm font-medium">
          What
          <select className="input" value={entity} onChange={(event) => setEntity(event.target.value)}>
            <option value="">Everything</option>
            {AUDIT_ENTITIES.map((value) => (
              <option key={value} value={value}>
                {AUDIT_ENTITY_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          From
          <input type="date" className="input" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          To
          <input type="date" className="input" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
      </div>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <div role="alert" className="card flex flex-wrap items-center gap-3 text-sm">
          <span className="flex-1">Error loading the audit log.</span>
          <button type="button" className="btn btn-secondary" onClick={() => void log.refetch()}>
            Retry
          </button>
        </div>
      ) : entries.length === 0 ? (
        <p className="card text-center text-sm text-muted">Nothing recorded for this choice.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface">
          {entries.map((entry) => (
            <Row key={entry._id} entry={entry} />
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <button type="button" className="btn btn-secondary self-center" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}
