import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { LoanStatus } from '@bantay/shared';
import { LoanDialog } from './LoanDialog.tsx';
import { LoanList } from './LoanList.tsx';
import { QueryState } from '@/components/QueryState.tsx';
import { useLoans } from './resources-api.ts';

const FILTERS: { value: LoanStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'open', label: 'Open' },
  { value: 'returned', label: 'Returned' },
];

const EMPTY: Record<LoanStatus | '', string> = {
  '': 'No loans yet.',
  overdue: 'Nothing is overdue.',
  open: 'Nothing is on loan.',
  returned: 'No returns yet.',
};

/** Admin: every loan, overdue and open first; issue to a tanod and receive back on their behalf. */
export function LoansTab() {
  const [status, setStatus] = useState<LoanStatus | ''>('');
  const [issuing, setIssuing] = useState(false);
  const query = useLoans({ status: status || undefined });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <div role="radiogroup" aria-label="Show loans" className="flex rounded-lg border border-line bg-surface p-1">
          {FILTERS.map((filter) => (
            <label
              key={filter.value}
              className={`segment px-2 sm:px-3 ${status === filter.value ? 'bg-brand-fill text-white' : 'text-ink-soft hover:bg-surface-2'}`}
            >
              <input
                type="radio"
                name="loan-filter"
                className="sr-only"
                checked={status === filter.value}
                onChange={() => setStatus(filter.value)}
              />
              {filter.label}
            </label>
          ))}
        </div>
        <button type="button" className="btn btn-primary ml-auto" onClick={() => setIssuing(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Issue equipment
        </button>
      </div>
      <QueryState
        query={query}
        loadingLabel="Loading loans…"
        errorText="Error loading the loans."
        isEmpty={(loans) => loans.length === 0}
        empty={EMPTY[status]}
      >
        {(loans) => <LoanList loans={loans} asAdmin />}
      </QueryState>
      {issuing && <LoanDialog issuing onClose={() => setIssuing(false)} />}
    </div>
  );
}
