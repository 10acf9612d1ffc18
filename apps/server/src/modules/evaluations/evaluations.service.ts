import { msg } from '@lingui/core/macro';
import {
  EVALUATION_LIMITS,
  normalizeTicket,
  type CreateEvaluationInput,
  type EvaluationCreated,
  type TanodDirectory,
  type TanodDirectoryQuery,
  type TicketRatingRequest,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import type { RequestMeta } from '../auth/index.ts';
import { verifyBotCheck } from '../bot-check/index.ts';
import { incidentByTicket, recordIncidentStep } from '../incidents/index.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { hashDeviceId } from '../../http/public-guards.ts';
import {
  findActiveTanod,
  hasDirectoryRatingSince,
  insertEvaluation,
  listRecentComments,
  listTanodDirectory,
  lockRater,
} from './evaluations.repository.ts';
import { presentTanod } from './evaluations.presenter.ts';

/** `GET /api/public/tanods`: active tanods with their visible ratings. */
export async function getTanodDirectory(deps: AppDeps, query: TanodDirectoryQuery): Promise<TanodDirectory> {
  const rows = await listTanodDirectory(deps.db, query.search || undefined);
  const comments = await listRecentComments(
    deps.db,
    rows.map((row) => row.id),
    EVALUATION_LIMITS.recentComments,
  );
  return { tanods: rows.map((row) => presentTanod(row, comments.filter((comment) => comment.tanodId === row.id))) };
}

const alreadyRated = (firstName: string) =>
  new AppError('CONFLICT', msg`You already rated ${firstName} in the last 30 days. Thank you for your feedback!`);

/**
 * `POST /api/public/evaluations` (docs/product.md §4.9): one directory rating per tanod per device, or
 * per signed-in resident, in 30 days; bot-checked; rate-limited per IP by the route.
 */
export async function rateTanod(
  deps: AppDeps,
  input: CreateEvaluationInput,
  context: { actor: Actor | null; meta: RequestMeta },
): Promise<EvaluationCreated> {
  const tanod = await findActiveTanod(deps.db, input.tanodId);
  if (!tanod) throw new AppError('NOT_FOUND', msg`This tanod is not in the directory`, { fields: [{ field: 'tanodId', message: msg`Choose a tanod from the list` }] });
  const now = deps.clock.now();
  const since = new Date(now.getTime() - EVALUATION_LIMITS.ratingCooldownMs);
  const rater = { deviceHash: hashDeviceId(input.deviceId), residentId: context.actor?.userType === 'resident' ? context.actor.id : null };
  if (await hasDirectoryRatingSince(deps.db, tanod.id, rater, since)) throw alreadyRated(tanod.firstName);
  // Last of the checks, because it spends the payload.
  await verifyBotCheck(deps, input.botCheck, context.meta.ip);
  const row = await inTransaction(deps.db, async (tx) => {
    // Locks are taken in a fixed order (device, then resident) so two raters cannot deadlock.
    await lockRater(tx, `evaluation:${tanod.id}:${rater.deviceHash}`);
    if (rater.residentId) await lockRater(tx, `evaluation:${tanod.id}:${rater.residentId}`);
    if (await hasDirectoryRatingSince(tx, tanod.id, rater, since)) throw alreadyRated(tanod.firstName);
    return insertEvaluation(tx, {
      tanodId: tanod.id,
      rating: input.rating,
      comment: input.comment,
      source: 'directory',
      residentId: rater.residentId,
      reviewerName: input.anonymous ? null : (input.name ?? null),
      deviceHash: rater.deviceHash,
      createdAt: now,
    });
  });
  return { _id: row.id };
}

const unknownTicket = () => new AppError('NOT_FOUND', msg`No report has this ticket. Check it and try again.`);

/** `POST /api/public/tickets/{ticket}/rating`: the holder of a resolved ticket rates its responder, once. */
export async function rateTicket(deps: AppDeps, rawTicket: string, input: TicketRatingRequest): Promise<EvaluationCreated> {
  const ticket = normalizeTicket(rawTicket);
  const incident = ticket ? await incidentByTicket(deps.db, ticket) : undefined;
  if (!incident) throw unknownTicket();
  if (incident.status !== 'resolved' || !incident.responderId) {
    throw new AppError('UNPROCESSABLE', msg`A report can be rated once it is resolved by a tanod.`);
  }
  // Its ticket offers no rating form (incidents.presenter.ts): a rating would put the case on the
  // responder's performance pages (docs/decisions/027-confidential-cases.md).
  if (incident.confidential) throw new AppError('UNPROCESSABLE', msg`A confidential report is not rated.`);
  const responderId = incident.responderId;
  const now = deps.clock.now();
  try {
    const row = await inTransaction(deps.db, async (tx, afterCommit) => {
      const evaluation = await insertEvaluation(tx, {
        tanodId: responderId,
        rating: input.rating,
        comment: input.comment,
        source: 'ticket',
        incidentId: incident.id,
        createdAt: now,
      });
      await recordIncidentStep(deps, tx, afterCommit, { incidentId: incident.id, at: now, kind: 'rated', subjectUserId: responderId });
      return evaluation;
    });
    return { _id: row.id };
  } catch (error) {
    if (uniqueViolation(error)) throw new AppError('CONFLICT', msg`This report was already rated. Thank you!`);
    throw error;
  }
}
