import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { webhooks, type NewWebhookRow, type WebhookRow } from '../../db/schema/index.ts';

export async function insertWebhook(db: Executor, row: NewWebhookRow): Promise<WebhookRow> {
  const [created] = await db.insert(webhooks).values(row).returning();
  return created!;
}

export async function listWebhookRows(db: Executor): Promise<WebhookRow[]> {
  return db.select().from(webhooks).orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

export async function countWebhookRows(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhooks);
  return row?.n ?? 0;
}

export async function findWebhookRow(db: Executor, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row;
}

export async function updateWebhookRow(db: Executor, id: string, values: Partial<NewWebhookRow>): Promise<WebhookRow | undefined> {
  const [row] = await db.update(webhooks).set(values).where(eq(webhooks.id, id)).returning();
  return row;
}

export async function deleteWebhookRow(db: Executor, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.delete(webhooks).where(eq(webhooks.id, id)).returning();
  return row;
}

/** The turned-on webhooks that subscribe to an event, read in the transaction of its cause. */
export async function listSubscribedWebhooks(db: Executor, event: string): Promise<Pick<WebhookRow, 'id' | 'url'>[]> {
  return db
    .select({ id: webhooks.id, url: webhooks.url })
    .from(webhooks)
    .where(and(eq(webhooks.enabled, true), sql`${webhooks.events} @> array[${event}]::text[]`));
}
