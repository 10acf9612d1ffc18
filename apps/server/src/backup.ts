// `npm run backup [-- file]` and `npm run restore -- <file>`: the embedded database's backup and
// restore (db/embedded-backup.ts). With DATABASE_URL set they refuse and point to pg_dump.
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { backupEmbeddedDatabase, defaultBackupFile, restoreEmbeddedDatabase } from './db/embedded-backup.ts';
import { embeddedDataDir } from './main-helpers.ts';

const [command, fileArgument] = process.argv.slice(2);
try {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore (README, "Running in production")');
  }
  const databaseDir = embeddedDataDir(config.dataDir);
  if (command === 'backup') {
    const file = path.resolve(fileArgument ?? defaultBackupFile(config.dataDir));
    const { bytes } = await backupEmbeddedDatabase({ dataDir: config.dataDir, databaseDir, file });
    console.log(`Backed up ${databaseDir} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
  } else if (command === 'restore' && fileArgument) {
    const { keptAs } = await restoreEmbeddedDatabase({ dataDir: config.dataDir, databaseDir, file: path.resolve(fileArgument) });
    console.log(`Restored ${databaseDir} from ${fileArgument}.${keptAs ? ` The database it replaced is kept in ${keptAs}.` : ''}`);
  } else {
    throw new Error('usage: npm run backup [-- <file>]  |  npm run restore -- <file>');
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
}
