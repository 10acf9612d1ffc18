import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TrackPoint } from './tracking-rule.ts';

/**
 * The tanod's points waiting for the server, kept in IndexedDB so a dropped connection, a reload or
 * a phone that kills the tab loses nothing (docs/product.md §4.7). Every point is written here first and
 * deleted only after the server acknowledged it; the server ignores a point it already has, so a
 * batch sent twice (an acknowledgement lost on the way) is harmless.
 *
 * One database per user: a phone shared by two tanods never sends one's points as the other's.
 */
interface QueueSchema extends DBSchema {
  points: { key: number; value: TrackPoint };
}

const databases = new Map<string, Promise<IDBPDatabase<QueueSchema>>>();

function database(userId: string): Promise<IDBPDatabase<QueueSchema>> {
  let db = databases.get(userId);
  if (!db) {
    db = openDB<QueueSchema>(`bantay-track-${userId}`, 1, {
      upgrade(upgrading) {
        upgrading.createObjectStore('points', { autoIncrement: true });
      },
    });
    databases.set(userId, db);
  }
  return db;
}

export interface QueuedBatch {
  keys: number[];
  points: TrackPoint[];
}

export const pointQueue = {
  async add(userId: string, point: TrackPoint): Promise<void> {
    await (await database(userId)).add('points', point);
  },
  /** The oldest points, in the order they were taken. */
  async oldest(userId: string, limit: number): Promise<QueuedBatch> {
    const db = await database(userId);
    const keys: number[] = [];
    const points: TrackPoint[] = [];
    let cursor = await db.transaction('points').store.openCursor();
    while (cursor && keys.length < limit) {
      keys.push(cursor.key);
      points.push(cursor.value);
      cursor = await cursor.continue();
    }
    return { keys, points };
  },
  async remove(userId: string, keys: number[]): Promise<void> {
    if (keys.length === 0) return;
    const tx = (await database(userId)).transaction('points', 'readwrite');
    await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
  },
  async count(userId: string): Promise<number> {
    return (await database(userId)).count('points');
  },
};
