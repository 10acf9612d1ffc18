import { MessageSquareQuote } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TanodDashboard } from '@bantay/shared';
import { RatingStars } from '@/components/RatingStars.tsx';
import { formatDate } from '@/lib/zoned-time.ts';
import { TanodCardFrame, TanodCardState } from './TanodCardFrame.tsx';

interface TanodFeedbackCardProps {
  data: TanodDashboard | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry(): void;
}

/** The latest ratings residents left me that an admin has not hidden. */
export function TanodFeedbackCard({ data, isLoading, isError, onRetry }: TanodFeedbackCardProps) {
  const { t } = useLingui();
  return (
    <TanodCardFrame title={t`Recent feedback`} icon={MessageSquareQuote} testId="tanod-feedback">
      {!data ? (
        <TanodCardState isLoading={isLoading} isError={isError} onRetry={onRetry} />
      ) : data.feedback.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No feedback yet.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-line">
          {data.feedback.map((item) => (
            <li key={item._id} className="py-2">
              <div className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
                <RatingStars rating={item.rating} />
                <span>
                  {item.name ?? t`Anonymous`} · {formatDate(item.createdAt, data.timezone)}
                </span>
              </div>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm">{item.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </TanodCardFrame>
  );
}
