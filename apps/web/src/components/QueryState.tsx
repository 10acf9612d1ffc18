import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Loading } from './Loading.tsx';

/** What QueryState reads of a query: a plain one or an infinite one (pages) both fit. */
interface QueryStateSource<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch(): Promise<unknown>;
}

interface QueryStateProps<T> {
  query: QueryStateSource<T>;
  /** "Loading the inventory…" */
  loadingLabel: string;
  /** "Error loading the inventory." */
  errorText: string;
  isEmpty(data: T): boolean;
  empty: ReactNode;
  children(data: T): ReactNode;
}

/** The loading, error (with a retry) and empty states every list has. */
export function QueryState<T>({ query, loadingLabel, errorText, isEmpty, empty, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Loading label={loadingLabel} />
      </div>
    );
  }
  // Data already shown stays when a later refetch fails; only a list that never loaded shows the error.
  if (query.isError && query.data === undefined) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-line bg-surface p-5">
        <p className="text-sm text-danger">{errorText}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  const data = query.data as T;
  if (isEmpty(data))
    return (
      <div className="rounded-xl border border-dashed border-line bg-surface p-8 text-center text-sm text-muted">
        {empty}
      </div>
    );
  return <>{children(data)}</>;
}
