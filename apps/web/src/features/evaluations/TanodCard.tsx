import { Star } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const name = fullName(tanod);
  const firstName = tanod.firstName;
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
              <span>
                <Trans>No ratings yet</Trans>
              </span>
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
        <ul className="flex flex-col gap-3 border-t border-line px-4 py-3" aria-label={t`Recent comments about ${firstName}`}>
          {tanod.recentComments.map((comment) => {
            const rating = comment.rating;
            return (
              <li key={comment._id} className="text-sm" data-testid="tanod-comment">
                <p className="line-clamp-4 break-words text-ink">“{comment.comment}”</p>
                <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-xs text-muted">
                  <span className="inline-flex items-center gap-0.5 font-medium text-ink-soft">
                    <Star className="h-3.5 w-3.5 fill-amber-500 text-amber-500 dark:fill-amber-400 dark:text-amber-400" aria-hidden="true" />
                    <span className="sr-only">{t`Rated ${rating} out of 5`}</span>
                    <span aria-hidden="true">{rating}</span>
                  </span>
                  <span aria-hidden="true">·</span>
                  <span>{comment.name ?? t`Anonymous`}</span>
                  <span aria-hidden="true">·</span>
                  <time dateTime={comment.createdAt}>{commentDate(comment.createdAt, now, timeZone)}</time>
                </p>
              </li>
            );
          })}
        </ul>
      )}

      <div className="mt-auto p-4 pt-1">
        <button type="button" className="btn btn-primary w-full" onClick={() => onRate(tanod)} aria-label={t`Rate ${name}`}>
          <Star className="h-4 w-4" aria-hidden="true" />
          <Trans>Rate {firstName}</Trans>
        </button>
      </div>
    </li>
  );
}
