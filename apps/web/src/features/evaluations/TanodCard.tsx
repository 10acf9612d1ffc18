import { Star } from 'lucide-react';
import type { PublicTanod } from '@bantay/shared';
import { Avatar } from '@/components/Avatar.tsx';
import { averageLabel, commentDate, formatAverage, ratingCountLabel } from './evaluation-logic.ts';
import { StarsDisplay } from './Stars.tsx';
import { fullName } from '@/lib/full-name.ts';

interface TanodCardProps {
  tanod: PublicTanod;
  now: Date;
  timeZone?: string;
  onRate(tanod: PublicTanod): void;
}

/** One tanod in the directory: photo, name, average and count, recent comments, and Rate. */
export function TanodCard({ tanod, now, timeZone, onRate }: TanodCardProps) {
  const name = fullName(tanod);
  const average = formatAverage(tanod.averageRating);
  return (
    <li className="flex flex-col rounded-xl border border-line bg-surface shadow-sm" data-testid="tanod-card">
      <div className="flex items-center gap-3 p-4">
        <Avatar firstName={tanod.firstName} lastName={tanod.lastName} src={tanod.profilePicture} size={56} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-semibold leading-tight">
            {name}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-ink-soft" data-testid="tanod-rating">
            <StarsDisplay value={tanod.averageRating} label={averageLabel(tanod.averageRating)} />
            {average === null ? (
              <span>No ratings yet</span>
            ) : (
              <>
                <span className="font-semibold text-ink" aria-hidden="true">
                  {average}
                </span>
                <span>({ratingCountLabel(tanod.ratingCount)})</span>
              </>
            )}
          </p>
        </div>
      </div>

      {tanod.recentComments.length > 0 && (
        <ul className="flex flex-col gap-3 border-t border-line px-4 py-3" aria-label={`Recent comments about ${tanod.firstName}`}>
          {tanod.recentComments.map((comment) => (
            <li key={comment._id} className="text-sm" data-testid="tanod-comment">
              <p className="line-clamp-4 break-words text-ink">“{comment.comment}”</p>
              <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-xs text-muted">
                <span className="inline-flex items-center gap-0.5 font-medium text-ink-soft">
                  <Star className="h-3.5 w-3.5 fill-amber-500 text-amber-500 dark:fill-amber-400 dark:text-amber-400" aria-hidden="true" />
                  <span className="sr-only">Rated </span>
                  {comment.rating}
                  <span className="sr-only"> out of 5</span>
                </span>
                <span aria-hidden="true">·</span>
                <span>{comment.name ?? 'Anonymous'}</span>
                <span aria-hidden="true">·</span>
                <time dateTime={comment.createdAt}>{commentDate(comment.createdAt, now, timeZone)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}

      <div className="mt-auto p-4 pt-1">
        <button type="button" className="btn btn-primary w-full" onClick={() => onRate(tanod)} aria-label={`Rate ${name}`}>
          <Star className="h-4 w-4" aria-hidden="true" />
          Rate {tanod.firstName}
        </button>
      </div>
    </li>
  );
}
