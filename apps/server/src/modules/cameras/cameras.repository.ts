import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { cameras, type CameraRow } from '../../db/schema/index.ts';
import { distanceSql } from '../../db/geo-sql.ts';

export type NewCamera = Omit<typeof cameras.$inferInsert, 'id'>;

export async function listCameras(db: Executor, limit: number): Promise<CameraRow[]> {
  return db.select().from(cameras).orderBy(asc(cameras.name), asc(cameras.id)).limit(limit);
}

export async function findCamera(db: Executor, id: string): Promise<CameraRow | undefined> {
  const [row] = await db.select().from(cameras).where(eq(cameras.id, id)).limit(1);
  return row;
}

export async function insertCamera(db: Executor, values: NewCamera): Promise<CameraRow> {
  const [row] = await db.insert(cameras).values(values).returning();
  return row!;
}

export async function updateCamera(db: Executor, id: string, values: Partial<NewCamera>): Promise<CameraRow | undefined> {
  const [row] = await db.update(cameras).set(values).where(eq(cameras.id, id)).returning();
  return row;
}

export async function deleteCamera(db: Executor, id: string): Promise<CameraRow | undefined> {
  const [row] = await db.delete(cameras).where(eq(cameras.id, id)).returning();
  return row;
}

/** The cameras nearest to a point, nearest first, with their distance in metres. */
export async function listCamerasNear(
  db: Executor,
  point: { lat: number; lng: number },
  options: { limit: number; radiusMeters?: number },
): Promise<{ camera: CameraRow; distance: number }[]> {
  const distance = distanceSql(point, cameras);
  const rows = await db
    .select({ camera: cameras, distance })
    .from(cameras)
    .where(options.radiusMeters === undefined ? undefined : sqlWithin(distance, options.radiusMeters))
    .orderBy(asc(distance), asc(cameras.id))
    .limit(options.limit);
  return rows.map((row) => ({ camera: row.camera, distance: Number(row.distance) }));
}

function sqlWithin(distance: ReturnType<typeof distanceSql>, meters: number) {
  return sql`${distance} <= ${meters}`;
}
