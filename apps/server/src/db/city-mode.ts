import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Why this PostgreSQL connection cannot keep a city's barangays apart, or null when it can
 * (docs/decisions/035-city-mode.md, sections 2 and 3). main.ts refuses to start in CITY_MODE on
 * any answer but null:
 *
 * - a superuser, or a role with BYPASSRLS, ignores row-level security, even forced, so every query
 *   would see every barangay's rows whatever its policies say;
 * - a table with a `barangay_id` whose row-level security is not both enabled and forced is held
 *   apart by the queries' own filters alone (forced: the tables' owner, which the server usually
 *   is, is held by the policies too).
 */
export async function cityModeRefusal(db: Db): Promise<string | null> {
  const [role] = rowsOf<{ name: string; superuser: boolean; bypassrls: boolean }>(
    await db.execute(sql`select rolname as name, rolsuper as superuser, rolbypassrls as bypassrls from pg_roles where rolname = current_user`),
  );
  if (!role || role.superuser || role.bypassrls) {
    const what = !role ? 'a role this server cannot look up' : role.superuser ? 'a superuser' : 'a role with BYPASSRLS';
    return `CITY_MODE=true refuses to start as the database role "${role?.name ?? '?'}": it is ${what}, and row-level security, even forced, does not hold such a role, so one barangay could read another's rows. Connect with an ordinary role (docs/decisions/035-city-mode.md, section 3).`;
  }
  const unguarded = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'barangay_id' and not a.attisdropped
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and not (c.relrowsecurity and c.relforcerowsecurity)
      order by c.relname`),
  ).map((row) => row.name);
  if (unguarded.length > 0) {
    return `CITY_MODE=true refuses to start: row-level security is not enabled and forced on ${unguarded.length} table(s) holding barangay rows (${unguarded.join(', ')}), so only the queries' own filters would keep the barangays apart. City mode is built up to step 1 of docs/decisions/035-city-mode.md; its policies come with step 2.`;
  }
  return null;
}
