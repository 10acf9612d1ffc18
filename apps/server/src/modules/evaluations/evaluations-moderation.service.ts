import { msg } from '@lingui/core/macro';
import type { StaffEvaluation, StaffEvaluationList } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { EvaluationRow } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { findUserById } from '../users/index.ts';
import { findEvaluation, listEvaluationsOfTanod, setEvaluationHidden, visibleRatingCounts } from './evaluations.repository.ts';

const present = (row: EvaluationRow): StaffEvaluation => ({
  _id: row.id,
  rating: row.rating,
  comment: row.comment,
  source: row.source,
  reviewerName: row.reviewerName,
  hidden: row.hidden,
  createdAt: row.createdAt.toISOString(),
});

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(date.getTime())) {
    throw new AppError('VALIDATION_FAILED', msg`cursor is not one this list gave out`, { fields: [{ field: 'cursor', message: msg`cursor is not one this list gave out` }] });
  }
  return { at: date, id };
}

/** GET /api/users/:id/evaluations (admin): every rating of a tanod, hidden ones included. */
export async function listTanodEvaluations(deps: AppDeps, tanodId: string, query: { cursor?: string; limit: number }): Promise<StaffEvaluationList> {
  const tanod = await findUserById(deps.db, tanodId);
  if (!tanod || tanod.userType !== 'tanod') throw notFound(msg`Tanod not found`);
  const rows = await listEvaluationsOfTanod(deps.db, tanodId, query.cursor ? decodeCursor(query.cursor) : undefined, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const counts = await visibleRatingCounts(deps.db, tanodId);
  const distribution = [1, 2, 3, 4, 5].map((stars) => counts.find((c) => c.rating === stars)?.n ?? 0);
  const count = distribution.reduce((sum, n) => sum + n, 0);
  const average = count === 0 ? null : Math.round((distribution.reduce((sum, n, i) => sum + n * (i + 1), 0) / count) * 100) / 100;
  return {
    items: page.map(present),
    nextCursor: rows.length > query.limit && last ? Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString('base64url') : null,
    average,
    count,
    distribution,
  };
}

/** PATCH /api/evaluations/:id (admin): hides an abusive rating (not shown, not counted) or shows it again. */
export async function moderateEvaluation(deps: AppDeps, actor: Actor, id: string, hidden: boolean): Promise<StaffEvaluation> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const row = await findEvaluation(tx, id);
    if (!row) throw notFound(msg`Rating not found`);
    if (row.hidden !== hidden) {
      await setEvaluationHidden(tx, id, hidden);
      await appendAuditEntry(tx, { actor, action: hidden ? 'hide' : 'unhide', entity: 'evaluation', entityId: id, before: { hidden: row.hidden }, after: { hidden }, at: now });
    }
    return present({ ...row, hidden });
  });
}
