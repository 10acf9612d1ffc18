import type { Db } from './client.ts';

/**
 * A query built once per database and reused: drizzle then skips building the SQL on every call,
 * and on PostgreSQL the statement is parsed and planned once per connection (a named prepared
 * statement). For the queries on every request's path; it needs the database itself, not a
 * transaction, so repositories fall back to the plain query inside one.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
