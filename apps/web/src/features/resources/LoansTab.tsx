import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LoanStatus } from '@bantay/shared';
import { LoanDialog } from './LoanDialog.tsx';
import { LoanList } from './LoanList.tsx';
import { QueryState } from '@/components/QueryState.tsx';
import { useLoans } from './resources-api.ts';

const FILTERS: { value: LoanStatus | ''; label: MessageDescriptor }[] = [
  { value: '', label: msg`All` },
  // Their own ids: a loan's state needs shorter Filipino than "Overdue" in sentences (it fits a
  // segment and a chip), and "Open" elsewhere is a button (open an incident), a verb in Filipino.
  { value: 'overdue', label: msg({ id: 'loans.overdue', message: 'Overdue' }) },
  { value: 'open', label: msg({ id: 'loans.filter.open', message: 'Open' }) },
  { value: 'returned', label: msg`Returned` },
];

const EMPTY: Record<LoanStatus | '', MessageDescriptor> = {
  '': msg`No loans yet.`,
  overdue: msg`Nothing is overdue.`,
  open: msg`Nothing is on loan.`,
  returned: msg`No returns yet.`,
};

/** Admin: every loan, overdue and open first; issue to a tanod and receive back on their behalf. */
export function LoansTab() {
  const { t } = useLingui();
  const [status, setStatus] = useState<LoanStatus | ''>('');
  const [issuing, setIssuing] = useState(false);
  const query = useLoans({ status: status || undefined });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <div role="radiogroup" aria-label={t`Show loans`} className="flex flex-wrap rounded-lg border border-line bg-surface p-1">
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
              {t(filter.label)}
            </label>
          ))}
        </div>
        <button type="button" className="btn btn-primary ml-auto" onClick={() => setIssuing(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>Issue equipment</Trans>
        </button>
      </div>
      <QueryState
        query={query}
        loadingLabel={t`Loading loans…`}
        errorText={t`Error loading the loans.`}
        isEmpty={(loans) => loans.length === 0}
        empty={t(EMPTY[status])}
      >
        {(loans) => <LoanList loans={loans} asAdmin />}
      </QueryState>
      {issuing && <LoanDialog issuing onClose={() => setIssuing(false)} />}
    </div>
  );
}
