import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { patrolAreas, schedules, type PatrolAreaRow } from '../../db/schema/index.ts';

export async function listPatrolAreas(db: Executor, includeRetired: boolean): Promise<PatrolAreaRow[]> {
  return db
    .select()
    .from(patrolAreas)
    .where(includeRetired ? undefined : eq(patrolAreas.active, true))
    .orderBy(asc(sql`lower(${patrolAreas.name})`));
}

export async function findPatrolArea(db: Executor, id: string): Promise<PatrolAreaRow | undefined> {
  const [row] = await db.select().from(patrolAreas).where(eq(patrolAreas.id, id)).limit(1);
  return row;
}

export async function findPatrolAreaByName(db: Executor, name: string): Promise<PatrolAreaRow | undefined> {
  const [row] = await db
    .select()
    .from(patrolAreas)
    .where(sql`lower(${patrolAreas.name}) = lower(${name})`)
    .limit(1);
  return row;
}

/** Inserts unless the name is taken (case-insensitive); then undefined. */
export async function insertPatrolArea(db: Executor, values: typeof patrolAreas.$inferInsert): Promise<PatrolAreaRow | undefined> {
  const [row] = await db.insert(patrolAreas).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updatePatrolArea(db: Executor, id: string, values: Partial<typeof patrolAreas.$inferInsert>): Promise<PatrolAreaRow | undefined> {
  const [row] = await db.update(patrolAreas).set(values).where(eq(patrolAreas.id, id)).returning();
  return row;
}

export async function deletePatrolArea(db: Executor, id: string): Promise<void> {
  await db.delete(patrolAreas).where(eq(patrolAreas.id, id));
}

export async function isPatrolAreaUsed(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: schedules.id }).from(schedules).where(eq(schedules.patrolAreaId, id)).limit(1);
  return Boolean(row);
}
