import type { PublicTanod } from '@bantay/shared';
import type { EvaluationRow } from '../../db/schema/index.ts';
import type { DirectoryRow } from './evaluations.repository.ts';

export function presentTanod(row: DirectoryRow, comments: EvaluationRow[]): PublicTanod {
  const average = row.average === null ? null : Math.round(Number(row.average) * 10) / 10;
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    profilePicture: row.profilePicture,
    averageRating: row.ratingCount > 0 ? average : null,
    ratingCount: row.ratingCount,
    // Only what the rater chose to show: never the device, the resident or the ticket.
    recentComments: comments.map((comment) => ({
      _id: comment.id,
      rating: comment.rating,
      comment: comment.comment,
      name: comment.reviewerName,
      createdAt: comment.createdAt.toISOString(),
    })),
  };
}
