import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createEmptyPostgresDatabase, withAdminClient } from '../../test/database.ts';
import { openDatabase, type Database } from './client.ts';
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
async function connectAs(name: string, attributes = ''): Promise<Database> {
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
  return database;
}

describe('city mode on PostgreSQL', () => {
  it('refuses a superuser, naming the role and why', async () => {
    // The test database's own role, as CI and this machine connect (trust, user postgres).
    const refusal = await cityModeRefusal(owner.db);
    expect(refusal).toContain(`CITY_MODE=true refuses to start as the database role "${decodeURIComponent(new URL(url).username)}": it is a superuser`);
  });

  it('refuses a role with BYPASSRLS', async () => {
    const refusal = await cityModeRefusal((await connectAs(role('bypass'), 'bypassrls')).db);
    expect(refusal).toContain('it is a role with BYPASSRLS');
  });

  it('refuses an ordinary role while a barangay table lacks forced row-level security, naming the tables; starts once every one has it', async () => {
    const app = await connectAs(role('app'));
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
});
