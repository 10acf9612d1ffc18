import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { calendarFeeds, type CalendarFeedRow } from '../../db/schema/index.ts';

/** The person's feed: a new one replaces the old (one a person), so the old URL stops at once. */
export async function saveFeed(db: Executor, values: typeof calendarFeeds.$inferInsert): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values(values)
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: values.tokenHash, createdAt: values.createdAt } });
}

export async function findFeedOf(db: Executor, userId: string): Promise<CalendarFeedRow | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  return row;
}

export async function findFeedByTokenHash(db: Executor, tokenHash: string): Promise<CalendarFeedRow | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Whether there was one to delete. */
export async function deleteFeedOf(db: Executor, userId: string): Promise<boolean> {
  const deleted = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId });
  return deleted.length > 0;
}
