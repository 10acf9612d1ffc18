import path from 'node:path';
import type { Config } from './config.ts';
import type { DatabaseTarget } from './db/client.ts';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded database under DATA_DIR/db. */
export function databaseTarget(config: Config): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') };
}
