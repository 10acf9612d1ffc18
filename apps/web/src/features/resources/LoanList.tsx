import { useState } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Loan } from '@bantay/shared';
import { Avatar } from '@/components/Avatar.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { formatDateTime } from '@/lib/zoned-time.ts';
import { Chip } from '@/components/Chip.tsx';
import { Thumb } from '@/components/Thumb.tsx';
import { ReturnLoanDialog } from './ReturnLoanDialog.tsx';
import { useNow } from '@/lib/use-now.ts';
import { dueDistance, isOverdue, sortLoans } from './resource-rules.ts';
import { fullName } from '@/lib/full-name.ts';

const CONDITION_TONES = { good: 'success', damaged: 'warning', lost: 'danger' } as const;
const CONDITION_LABELS = { good: msg`Returned good`, damaged: msg`Returned damaged`, lost: msg`Lost` };
/** The same short word as the loans filter (LoansTab.tsx), so the chip fits beside the button on a phone. */
const OVERDUE = msg({ id: 'loans.overdue', message: 'Overdue' });

interface LoanListProps {
  loans: readonly Loan[];
  /** Admin view: shows the borrower and receives on their behalf. */
  asAdmin: boolean;
}

/** Loans, overdue first and in red, then open, then returned; open ones can be returned. */
export function LoanList({ loans, asAdmin }: LoanListProps) {
  const { t } = useLingui();
  const timeZone = usePublicSettings().data?.timezone;
  const [returning, setReturning] = useState<Loan | null>(null);
  const now = useNow(60_000);
  return (
    <>
      <ul
        className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface"
        aria-label={asAdmin ? t`Loans` : t`My loans`}
      >
        {sortLoans(loans, now).map((loan) => {
          const overdue = isOverdue(loan, now);
          const what = loan.item.name;
          const borrower = fullName(loan.borrower);
          const borrowed = formatDateTime(loan.borrowedAt, timeZone);
          const returned = loan.returnedAt ? formatDateTime(loan.returnedAt, timeZone) : '';
          const receiver = loan.receivedBy ? fullName(loan.receivedBy) : '';
          const due = formatDateTime(loan.dueAt, timeZone);
          const distance = dueDistance(loan.dueAt, now);
          return (
            <li
              key={loan._id}
              data-testid="loan-row"
              data-overdue={overdue || undefined}
              className="flex items-center gap-3 px-4 py-3"
            >
              <Thumb image={loan.item.image} category={loan.item.category} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                  <span>
                    {loan.item.name}
                    {loan.quantity > 1 && <span className="text-muted"> × {loan.quantity}</span>}
                  </span>
                  {loan.returnCondition ? (
                    <Chip tone={CONDITION_TONES[loan.returnCondition]}>
                      {t(CONDITION_LABELS[loan.returnCondition])}
                    </Chip>
                  ) : overdue ? (
                    <Chip tone="danger">{t(OVERDUE)}</Chip>
                  ) : (
                    <Chip tone="brand">
                      <Trans>On loan</Trans>
                    </Chip>
                  )}
                </p>
                {asAdmin && (
                  <p className="mt-0.5 flex items-center gap-1.5 text-sm text-ink-soft">
                    <Avatar
                      firstName={loan.borrower.firstName}
                      lastName={loan.borrower.lastName}
                      src={loan.borrower.profilePicture}
                      size={20}
                    />
                    {fullName(loan.borrower)}
                  </p>
                )}
                {loan.returnedAt ? (
                  <p className="text-xs text-muted">
                    {receiver ? (
                      <Trans>
                        Borrowed {borrowed} · returned {returned} to {receiver}
                      </Trans>
                    ) : (
                      <Trans>
                        Borrowed {borrowed} · returned {returned}
                      </Trans>
                    )}
                  </p>
                ) : (
                  <p
                    className={`text-sm ${overdue ? 'font-semibold text-danger' : 'text-muted'}`}
                    data-testid="loan-due"
                  >
                    <Trans>
                      Due {due} · {distance}
                    </Trans>
                  </p>
                )}
                {loan.returnNotes && <p className="mt-0.5 text-xs text-ink-soft">“{loan.returnNotes}”</p>}
              </div>
              {!loan.returnedAt && (
                <button
                  type="button"
                  className="btn btn-secondary min-h-9 shrink-0 px-3"
                  aria-label={asAdmin ? t`Receive ${what} from ${borrower}` : t`Return ${what}`}
                  onClick={() => setReturning(loan)}
                >
                  {asAdmin ? t`Receive` : t`Return`}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {returning && <ReturnLoanDialog loan={returning} onBehalf={asAdmin} onClose={() => setReturning(null)} />}
    </>
  );
}
