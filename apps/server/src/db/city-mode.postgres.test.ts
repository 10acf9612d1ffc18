import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createEmptyPostgresDatabase, withAdminClient } from '../../test/database.ts';
import { openDatabase, type Database } from './client.ts';
import { inTransaction } from './transaction.ts';
import { cityModeRefusal } from './city-mode.ts';

/**
 * CITY_MODE starts only where PostgreSQL itself keeps the barangays apart (decision 035, sections
 * 2 and 3): never as a superuser or a BYPASSRLS role, never with a barangay table whose row-level
 * security is not enabled and forced.
 */
const opened: Database[] = [];
const cleanups: (() => Promise<void>)[] = [];
let owner: Database;
let url: string;
const role = (suffix: string) => `bantay_city_${suffix}_${crypto.randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  const empty = await createEmptyPostgresDatabase();
  url = empty.url;
  cleanups.push(empty.drop);
  owner = await openDatabase({ kind: 'postgres', url });
  opened.push(owner);
  await owner.migrate();
});
afterAll(async () => {
  for (const database of opened.reverse()) await database.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A login role that may read the app's tables, connected to the test database. */
async function connectAs(name: string, attributes = ''): Promise<{ roleName: string; database: Database }> {
  await withAdminClient(url, async (client) => {
    await client.query(`create role ${name} login ${attributes}`);
    await client.query(`grant usage on schema public to ${name}`);
    await client.query(`grant select on all tables in schema public to ${name}`);
  });
  cleanups.push(() =>
    withAdminClient(url, async (client) => {
      await client.query(`drop owned by ${name}`);
      await client.query(`drop role ${name}`);
    }),
  );
  const asRole = new URL(url);
  asRole.username = name;
  const database = await openDatabase({ kind: 'postgres', url: asRole.toString() });
  opened.push(database);
  return { roleName: name, database };
}

describe('city mode on PostgreSQL', () => {
  it('refuses a superuser, naming the role and why', async () => {
    // The test database's own role, as CI and this machine connect (trust, user postgres).
    const refusal = await cityModeRefusal(owner.db);
    expect(refusal).toContain(`CITY_MODE=true refuses to start as the database role "${decodeURIComponent(new URL(url).username)}": it is a superuser`);
  });

  it('refuses a role with BYPASSRLS', async () => {
    const refusal = await cityModeRefusal((await connectAs(role('bypass'), 'bypassrls')).database.db);
    expect(refusal).toContain('it is a role with BYPASSRLS');
  });

  it('refuses an ordinary role while a barangay table lacks forced row-level security, naming the tables; starts once every one has it', async () => {
    const { database: app } = await connectAs(role('app'));
    const refusal = await cityModeRefusal(app.db);
    expect(refusal).toMatch(/row-level security is not enabled and forced on 57 table\(s\) holding barangay rows \(advisories, advisory_opt_ins, .*incidents,/);

    const tenantTables = ((await owner.db.execute(
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'barangay_id' order by 1`,
    )) as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
    // Enabled but not forced still refuses: the tables' owner would not be held.
    for (const table of tenantTables) await owner.db.execute(sql.raw(`alter table "${table}" enable row level security`));
    expect(await cityModeRefusal(app.db)).toContain('on 57 table(s)');
    for (const table of tenantTables.slice(0, -1)) await owner.db.execute(sql.raw(`alter table "${table}" force row level security`));
    expect(await cityModeRefusal(app.db)).toContain(`on 1 table(s) holding barangay rows (${tenantTables.at(-1)})`);
    await owner.db.execute(sql.raw(`alter table "${tenantTables.at(-1)}" force row level security`));
    expect(await cityModeRefusal(app.db)).toBeNull();
  });

  it('with row-level security on, a query that names no barangay still sees and writes only its request’s barangay (the policies, migration 0038)', async () => {
    const app = await connectAs(role('reader'));
    await withAdminClient(url, async (client) => {
      const { rows } = await client.query<{ table_name: string }>(`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'barangay_id'`);
      for (const { table_name } of rows) await client.query(`alter table "${table_name}" enable row level security; alter table "${table_name}" force row level security`);
      // The test's own superuser passes every policy: it writes both barangays' rows.
      await client.query(`insert into barangays (psgc, name) values ('1381300002', 'Barangay Second') on conflict do nothing`);
      await client.query(`insert into cameras (barangay_id, name, lat, lng) values ('0000000000', 'First''s camera', 14.7, 121.0), ('1381300002', 'Second''s camera', 14.7, 121.0)`);
      await client.query(`grant insert on cameras to ${app.roleName}`);
    });
    const camerasSeenBy = (barangay: string | null) =>
      inTransaction(app.database.db, async (tx) => {
        if (barangay) await tx.execute(sql`select set_config('app.barangay_id', ${barangay}, true)`);
        const seen = (await tx.execute(sql`select name from cameras order by name`)) as unknown as { rows: { name: string }[] };
        return seen.rows.map((row) => row.name);
      });
    expect(await camerasSeenBy('0000000000')).toEqual(["First's camera"]);
    expect(await camerasSeenBy('1381300002')).toEqual(["Second's camera"]);
    // No barangay set, and two of them: nothing at all.
    expect(await camerasSeenBy(null)).toEqual([]);

    // Writing: a row of another barangay is refused; a row naming none takes the request's.
    await expect(
      inTransaction(app.database.db, async (tx) => {
        await tx.execute(sql`select set_config('app.barangay_id', '0000000000', true)`);
        await tx.execute(sql`insert into cameras (barangay_id, name, lat, lng) values ('1381300002', 'Planted', 14.7, 121.0)`);
      }),
    ).rejects.toThrow();
    await inTransaction(app.database.db, async (tx) => {
      await tx.execute(sql`select set_config('app.barangay_id', '1381300002', true)`);
      await tx.execute(sql`insert into cameras (name, lat, lng) values ('Second''s new camera', 14.7, 121.0)`);
    });
    expect(await camerasSeenBy('1381300002')).toEqual(["Second's camera", "Second's new camera"]);
    expect(await camerasSeenBy('0000000000')).toEqual(["First's camera"]);
  });
});
