import { and, asc, desc, eq, gt, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { evaluations, users, type EvaluationRow, type UserRow } from '../../db/schema/index.ts';

export async function findActiveTanod(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.userType, 'tanod'), eq(users.status, 'active')))
    .limit(1);
  return row;
}

export interface DirectoryRow {
  id: string;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
  average: string | null;
  ratingCount: number;
}

/** Active tanods with the mean and count of their visible ratings, by name. */
export async function listTanodDirectory(db: Executor, search: string | undefined): Promise<DirectoryRow[]> {
  const conditions = [eq(users.userType, 'tanod'), eq(users.status, 'active')];
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))!,
    );
  }
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
      average: sql<string | null>`avg(${evaluations.rating}) filter (where ${evaluations.hidden} = false)`,
      ratingCount: sql<number>`count(${evaluations.id}) filter (where ${evaluations.hidden} = false)`,
    })
    .from(users)
    .leftJoin(evaluations, eq(evaluations.tanodId, users.id))
    .where(and(...conditions))
    .groupBy(users.id)
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((row) => ({ ...row, ratingCount: Number(row.ratingCount) }));
}

/** The newest visible comments of each tanod, at most `perTanod` each. */
export async function listRecentComments(db: Executor, tanodIds: string[], perTanod: number): Promise<EvaluationRow[]> {
  if (tanodIds.length === 0) return [];
  const ranked = db
    .select({
      id: evaluations.id,
      rank: sql<number>`row_number() over (partition by ${evaluations.tanodId} order by ${evaluations.createdAt} desc, ${evaluations.id} desc)`.as(
        'rank',
      ),
    })
    .from(evaluations)
    .where(and(inArray(evaluations.tanodId, tanodIds), eq(evaluations.hidden, false)))
    .as('ranked');
  return db
    .select({ evaluation: evaluations })
    .from(evaluations)
    .innerJoin(ranked, eq(ranked.id, evaluations.id))
    .where(sql`${ranked.rank} <= ${perTanod}`)
    .orderBy(desc(evaluations.createdAt))
    .then((rows) => rows.map((row) => row.evaluation));
}

/**
 * Serialises ratings by the same rater (device or resident) for one tanod, so two parallel
 * submissions cannot both pass the 30-day check. Released at the end of the transaction.
 */
export async function lockRater(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** Whether a directory rating of this tanod exists since `since` from this device or resident. */
export async function hasDirectoryRatingSince(
  db: Executor,
  tanodId: string,
  rater: { deviceHash: string; residentId: string | null },
  since: Date,
): Promise<boolean> {
  const byRater = rater.residentId
    ? or(eq(evaluations.deviceHash, rater.deviceHash), eq(evaluations.residentId, rater.residentId))!
    : eq(evaluations.deviceHash, rater.deviceHash);
  const [row] = await db
    .select({ id: evaluations.id })
    .from(evaluations)
    .where(and(eq(evaluations.tanodId, tanodId), eq(evaluations.source, 'directory'), gt(evaluations.createdAt, since), byRater))
    .limit(1);
  return Boolean(row);
}

export async function insertEvaluation(db: Executor, values: typeof evaluations.$inferInsert): Promise<EvaluationRow> {
  const [row] = await db.insert(evaluations).values(values).returning();
  return row!;
}


/** Every rating of a tanod, hidden ones too, newest first, keyset-paged on (createdAt, id). */
export async function listEvaluationsOfTanod(db: Executor, tanodId: string, before: { at: Date; id: string } | undefined, limit: number): Promise<EvaluationRow[]> {
  const conditions = [eq(evaluations.tanodId, tanodId)];
  if (before) conditions.push(sql`(${evaluations.createdAt}, ${evaluations.id}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)`);
  return db
    .select()
    .from(evaluations)
    .where(and(...conditions))
    .orderBy(desc(evaluations.createdAt), desc(evaluations.id))
    .limit(limit);
}

/** Visible ratings of a tanod by star count. */
export async function visibleRatingCounts(db: Executor, tanodId: string): Promise<{ rating: number; n: number }[]> {
  const rows = await db
    .select({ rating: evaluations.rating, n: sql<number>`count(*)` })
    .from(evaluations)
    .where(and(eq(evaluations.tanodId, tanodId), eq(evaluations.hidden, false)))
    .groupBy(evaluations.rating);
  return rows.map((row) => ({ rating: row.rating, n: Number(row.n) }));
}

export async function findEvaluation(db: Executor, id: string): Promise<EvaluationRow | undefined> {
  const [row] = await db.select().from(evaluations).where(eq(evaluations.id, id)).limit(1);
  return row;
}

export async function setEvaluationHidden(db: Executor, id: string, hidden: boolean): Promise<void> {
  await db.update(evaluations).set({ hidden }).where(eq(evaluations.id, id));
}
