import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestContext } from './harness.ts';

/**
 * How many uploads of one kind (`incidents`, `avatars`, `resources`) the test's file store holds:
 * rows of stored_files on PostgreSQL, files under DATA_DIR/uploads on PGlite. Tests use it to see a
 * refused or failed upload leave nothing behind.
 */
export async function storedFileCount(ctx: TestContext, kind: string): Promise<number> {
  if (ctx.deps.files.kind === 'postgres') {
    const result = (await ctx.deps.db.execute(sql`select count(*)::int as n from stored_files where key like ${`${kind}/%`}`)) as unknown as
      | { rows: { n: number }[] }
      | { n: number }[];
    const rows = Array.isArray(result) ? result : result.rows;
    return rows[0]!.n;
  }
  const names = await fs.readdir(path.join(ctx.deps.config.dataDir, 'uploads', kind)).catch(() => [] as string[]);
  return names.filter((name) => !name.endsWith('.part')).length;
}

/** The stored bytes of a key, failing the test when there are none. */
export async function storedBytes(ctx: TestContext, key: string): Promise<Buffer> {
  const file = await ctx.deps.files.get(key);
  if (!file) throw new Error(`nothing stored under ${key}`);
  return file.data;
}
