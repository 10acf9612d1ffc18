import { MessageSquareQuote, Star } from 'lucide-react';
import type { TanodDashboard } from '@bantay/shared';
import { formatDate } from '@/lib/zoned-time.ts';
import { TanodCardFrame, TanodCardState } from './TanodCardFrame.tsx';

interface TanodFeedbackCardProps {
  data: TanodDashboard | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry(): void;
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex" role="img" aria-label={`${rating} of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={`h-4 w-4 ${n <= rating ? 'fill-amber-400 text-amber-500' : 'text-line'}`} aria-hidden="true" />
      ))}
    </span>
  );
}

/** The latest ratings residents left me that an admin has not hidden. */
export function TanodFeedbackCard({ data, isLoading, isError, onRetry }: TanodFeedbackCardProps) {
  return (
    <TanodCardFrame title="Recent feedback" icon={MessageSquareQuote} testId="tanod-feedback">
      {!data ? (
        <TanodCardState isLoading={isLoading} isError={isError} onRetry={onRetry} />
      ) : data.feedback.length === 0 ? (
        <p className="text-sm text-muted">No feedback yet.</p>
      ) : (
        <ul className="divide-y divide-line">
          {data.feedback.map((item) => (
            <li key={item._id} className="py-2">
              <div className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
                <Stars rating={item.rating} />
                <span>
                  {item.name ?? 'Anonymous'} · {formatDate(item.createdAt, data.timezone)}
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
