import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { apiKeys, type ApiKeyRow } from '../../db/schema/index.ts';

/** The api_keys table's SQL (docs/decisions/034-the-integration-kit.md). */

export async function insertApiKey(tx: Executor, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await tx.insert(apiKeys).values(values).returning();
  return row!;
}

/**
 * Keys in use first, revoked ones after, each newest first; the list is short (a barangay has a
 * handful of partners), so it is not paged.
 */
export async function listApiKeys(db: Executor, limit: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(limit);
}

export async function findApiKey(db: Executor, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  return row;
}

/** The key whose SHA-256 this is, by its unique index; revoked keys too (the caller refuses them). */
export async function findApiKeyByHash(db: Executor, keyHash: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).limit(1);
  return row;
}

/** Marks the key revoked; undefined when it was already (or is unknown). */
export async function markRevoked(tx: Executor, id: string, at: Date): Promise<ApiKeyRow | undefined> {
  const [row] = await tx
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return row;
}

export async function recordUse(db: Executor, id: string, at: Date, ip: string | null): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: at, lastUsedIp: ip }).where(eq(apiKeys.id, id));
}
