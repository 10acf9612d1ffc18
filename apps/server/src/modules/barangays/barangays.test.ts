import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { inTransaction } from '../../db/transaction.ts';
import { seedDemoSettings } from '../settings/settings.demo.ts';

/**
 * City mode's first step (decision 035, section 7, step 1): every tenant table carries the
 * barangay's PSGC code, filled by the database for the one barangay a single installation serves.
 */
const GLOBAL_TABLES = ['barangays', 'bot_check_solutions', 'rate_limit_counters', 'socket_io_attachments'];

let ctx: TestContext;
let supadmin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  supadmin = await signIn(ctx, await createUser(ctx, { userType: 'supadmin' }));
});
afterAll(() => ctx.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await ctx.deps.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

describe('barangays', () => {
  it('every table is a tenant table, whose barangay_id is required, filled by the database and points at a barangay, or one of the named global ones', async () => {
    const tables = (await rows<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)).map(
      (row) => row.table_name,
    );
    const columns = await rows<{ table_name: string; is_nullable: string; column_default: string | null }>(
      sql`select table_name, is_nullable, column_default from information_schema.columns where table_schema = 'public' and column_name = 'barangay_id'`,
    );
    const references = (
      await rows<{ table_name: string }>(sql`
        select c.conrelid::regclass::text as table_name from pg_constraint c
        where c.contype = 'f' and c.confrelid = 'barangays'::regclass and c.confupdtype = 'c'`)
    ).map((row) => row.table_name.replace(/^public\./, '').replaceAll('"', ''));
    const tenant = tables.filter((name) => !GLOBAL_TABLES.includes(name));
    expect(tenant.length).toBeGreaterThan(50);
    // A table added later must take a side: the column (and city mode's policies), or this list.
    expect(columns.map((column) => column.table_name).sort()).toEqual([...tenant].sort());
    for (const column of columns) expect([column.table_name, column.is_nullable, column.column_default]).toEqual([column.table_name, 'NO', 'app_current_barangay()']);
    expect([...references].sort()).toEqual([...tenant].sort());
    // Each has its isolation policy (migration 0038), in force once a city enables row-level security.
    const policies = await rows<{ tablename: string; qual: string; with_check: string }>(
      sql`select tablename, qual, with_check from pg_policies where schemaname = 'public' and policyname = 'barangay_isolation'`,
    );
    expect(policies.map((policy) => policy.tablename).sort()).toEqual([...tenant].sort());
    for (const policy of policies) expect([policy.qual, policy.with_check]).toEqual(['(barangay_id = ( SELECT app_current_barangay() AS app_current_barangay))', '(barangay_id = ( SELECT app_current_barangay() AS app_current_barangay))']);
  });

  it('a single installation has one barangay that follows its settings: the name, the outline, and the PSGC code once a valid one is set, cascaded to every row', async () => {
    await seedDemoSettings(ctx.deps);
    const [before] = await rows<{ psgc: string; name: string }>(sql`select psgc, name from barangays`);
    expect(before).toEqual({ psgc: '0000000000', name: 'Barangay San Isidro' });
    const patch = (payload: object) => ctx.app.inject({ method: 'PATCH', url: '/api/settings', headers: bearer(supadmin), payload });

    expect((await patch({ name: 'Barangay Bagong Pag-asa', psgcCode: '1381300001' })).statusCode).toBe(200);
    expect(await rows(sql`select psgc, name from barangays`)).toEqual([{ psgc: '1381300001', name: 'Barangay Bagong Pag-asa' }]);
    // Rows made before the code was set moved with it, and new ones take it.
    const owners = await rows<{ barangay_id: string }>(sql`select distinct barangay_id from users union select distinct barangay_id from barangay_settings`);
    expect(owners).toEqual([{ barangay_id: '1381300001' }]);
    await createUser(ctx, { userType: 'tanod' });
    expect(await rows(sql`select distinct barangay_id from users`)).toEqual([{ barangay_id: '1381300001' }]);
  });

  it('with two barangays a row needs the request’s barangay: without one the insert is refused, with one (set for the transaction only) it takes it', async () => {
    await ctx.deps.db.execute(sql`insert into barangays (psgc, name) values ('1381300002', 'Barangay Second')`);
    try {
      await expect(ctx.deps.db.execute(sql`insert into cameras (name, lat, lng) values ('No barangay', 14.7, 121.0)`)).rejects.toThrow();
      await inTransaction(ctx.deps.db, async (tx) => {
        await tx.execute(sql`select set_config('app.barangay_id', '1381300002', true)`);
        await tx.execute(sql`insert into cameras (name, lat, lng) values ('Second''s camera', 14.7, 121.0)`);
      });
      expect(await rows(sql`select barangay_id from cameras where name = 'Second''s camera'`)).toEqual([{ barangay_id: '1381300002' }]);
      // The setting ended with its transaction: the next statement has none.
      expect(await rows(sql`select app_current_barangay() as barangay`)).toEqual([{ barangay: null }]);
    } finally {
      await ctx.deps.db.execute(sql`delete from cameras where barangay_id = '1381300002'`);
      await ctx.deps.db.execute(sql`delete from barangays where psgc = '1381300002'`);
    }
  });
});
