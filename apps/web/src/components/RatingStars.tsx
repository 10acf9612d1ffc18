import { Star } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';

/**
 * A whole-star rating, 1–5, read as "4 of 5 stars" (the tanod's feedback and history). The public
 * pages' averages (4.3) have their own partly filled stars in the evaluations feature.
 */
export function RatingStars({ rating, className = 'h-4 w-4' }: { rating: number; className?: string }) {
  const { t } = useLingui();
  return (
    <span className="inline-flex shrink-0" role="img" aria-label={t`${rating} of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={`${className} ${n <= rating ? 'fill-amber-400 text-amber-600' : 'text-line'}`} aria-hidden="true" />
      ))}
    </span>
  );
}
