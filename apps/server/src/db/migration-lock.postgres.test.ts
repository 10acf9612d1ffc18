import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createEmptyPostgresDatabase } from '../../test/database.ts';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, openDatabase, type Database } from './client.ts';

const opened: Database[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
  for (const drop of drops) await drop();
});

async function twoInstancesOnAnEmptyDatabase(): Promise<[Database, Database]> {
  const empty = await createEmptyPostgresDatabase();
  drops.push(empty.drop);
  const first = await openDatabase({ kind: 'postgres', url: empty.url });
  const second = await openDatabase({ kind: 'postgres', url: empty.url });
  opened.push(first, second);
  return [first, second];
}

describe('migrations on PostgreSQL', () => {
  it('two instances migrating one empty database at once both succeed, and every migration is applied once', async () => {
    const [first, second] = await twoInstancesOnAnEmptyDatabase();
    await Promise.all([first.migrate(), second.migrate()]);

    const applied = (await first.db.execute(
      sql`select hash from drizzle.__drizzle_migrations order by id`,
    )) as unknown as { rows: { hash: string }[] };
    const expected = readMigrationFiles({ migrationsFolder: migrationsFolder() }).map((migration) => migration.hash);
    expect(applied.rows.map((row) => row.hash)).toEqual(expected);
    // Both see the same schema: a query on a table of the last migrations works on each.
    await second.db.execute(sql`select count(*) from users`);
  });

  it('lets go of the lock when done: an instance started later migrates at once, and no advisory lock stays held', async () => {
    const [first, second] = await twoInstancesOnAnEmptyDatabase();
    await first.migrate();
    await second.migrate();
    const held = (await first.db.execute(sql`select count(*)::int as held from pg_locks
         where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`)) as unknown as {
      rows: { held: number }[];
    };
    expect(held.rows[0]?.held).toBe(0);
  });
});
