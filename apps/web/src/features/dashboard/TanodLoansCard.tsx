import { Package } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TanodDashboard } from '@bantay/shared';
import { TanodCardFrame, TanodCardState } from './TanodCardFrame.tsx';
import { dayAndTime, relativeSpan, spanText } from './tanod-format.ts';

interface TanodLoansCardProps {
  data: TanodDashboard | undefined;
  now: number;
  isLoading: boolean;
  isError: boolean;
  onRetry(): void;
}

/** What I have borrowed and when each is due; overdue ones first and marked. */
export function TanodLoansCard({ data, now, isLoading, isError, onRetry }: TanodLoansCardProps) {
  const { t } = useLingui();
  return (
    <TanodCardFrame title={t`Borrowed equipment`} icon={Package} more={{ to: '/Equipments', label: t`All my equipment` }} testId="tanod-loans">
      {!data ? (
        <TanodCardState isLoading={isLoading} isError={isError} onRetry={onRetry} />
      ) : data.loans.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>You have nothing on loan.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-line">
          {data.loans.map((loan) => {
            // The server's flag, or the clock passing the due time while the page is open.
            const overdue = loan.isOverdue || Date.parse(loan.dueAt) < now;
            const due = dayAndTime(loan.dueAt, data.today, data.timezone);
            const late = spanText(loan.dueAt, now);
            return (
              <li key={loan._id} className="flex items-start gap-2 py-2" data-testid="tanod-loan">
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">
                    {loan.item.name}
                    {loan.quantity > 1 ? ` × ${loan.quantity}` : ''}
                  </span>
                  <span className={`block text-xs ${overdue ? 'font-semibold text-danger' : 'text-muted'}`}>
                    {t`Due ${due}`} · {overdue ? t`overdue by ${late}` : relativeSpan(loan.dueAt, now)}
                  </span>
                </span>
                {overdue && (
                  // At most a third of the row, wrapping if the language's word is long, so the item keeps its room.
                  <span className="max-w-[33%] rounded-xl bg-danger-fill px-2 py-0.5 text-center text-xs font-semibold text-white">
                    <Trans>Overdue</Trans>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </TanodCardFrame>
  );
}
