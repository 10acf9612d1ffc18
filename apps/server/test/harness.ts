import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { UserType } from '@bantay/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { shareCacheInvalidation } from '../src/db/cache-invalidation.ts';
import type { UserRow } from '../src/db/schema/index.ts';
import { buildDeliveryWorker, createInstanceMemory, moduleLinks, type AppDeps } from '../src/deps.ts';
import { ManualClock, systemClock, type Clock } from '../src/lib/clock.ts';
import { DomainEvents } from '../src/lib/domain-events.ts';
import { openSession } from '../src/modules/auth/auth.service.ts';
import { hashSecret } from '../src/lib/passwords.ts';
import { createTokenService } from '../src/modules/auth/tokens.ts';
import { insertUser } from '../src/modules/users/users.repository.ts';
import { openTestDatabase } from './database.ts';
import { createOutsideServices, silentLogger } from '../src/adapters/index.ts';
import { createFileStore } from '../src/modules/files/file-store.ts';
import { createPushSender, type HostResolver } from '../src/adapters/push/push.ts';
import { resolveVapidKeys } from '../src/adapters/push/vapid-keys.ts';

export interface TestContext {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  /** The token signing key, shared by a second instance. */
  jwtSecret: string;
  close(): Promise<void>;
}

export interface TestContextOptions {
  clock?: Clock;
  env?: Record<string, string>;
  /** Replaces built dependencies, e.g. a failing SMS sender. */
  deps?: Partial<AppDeps>;
  /**
   * Builds another app instance on the same PostgreSQL database, as a second server process
   * would be: same signing key, its own pool, caches and event bus.
   */
  secondInstanceOf?: TestContext;
  /** Resolves push endpoints' and webhook URLs' host names instead of DNS (made-up names in the SSRF tests). */
  pushResolver?: HostResolver;
}

/** A real app on a fresh database of its own. Call once per file (beforeAll) and close after. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const first = options.secondInstanceOf;
  const database = first ? await openSecondInstanceDatabase(first.database) : await openTestDatabase();
  const dataDir = path.join(os.tmpdir(), `bantay-data-${crypto.randomBytes(6).toString('hex')}`);
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // A proof-of-work that solves in milliseconds; the protocol is the same.
    ALTCHA_COST: '1',
    ALTCHA_MAX_NUMBER: '20',
    ...options.env,
  });
  const clock = options.clock ?? systemClock;
  const secret = first?.jwtSecret ?? crypto.randomBytes(32).toString('hex');
  const events = new DomainEvents();
  // The local defaults, writing their sent logs under this test's DATA_DIR (test/security-helpers.ts reads them).
  const outside = {
    ...createOutsideServices(config, { log: silentLogger, now: () => clock.now(), secret }),
    // A VAPID pair generated into this test's DATA_DIR, as on a first start.
    push: createPushSender(config, await resolveVapidKeys(config.push, dataDir), { resolve: options.pushResolver }),
    ...pickOutside(options.deps),
  };
  // The made-up DNS of the push tests serves the webhook URLs' guard too.
  const hostResolver = options.pushResolver;
  const deliveries = buildDeliveryWorker({ db: database.db, clock, config, hostResolver, ...outside }, silentLogger);
  const deps: AppDeps = {
    config,
    db: database.db,
    clock,
    tokens: createTokenService(secret, clock),
    events,
    ...outside,
    hostResolver,
    // Not started: no polling timer in tests. Every commit that enqueues nudges it, and tests
    // await `deps.deliveries.idle()` (or move the clock and nudge) instead of sleeping.
    deliveries,
    // As main.ts: the stored_files table on PostgreSQL, this test's DATA_DIR on PGlite, S3 with S3_URL.
    files: createFileStore({ dataDir, s3: config.s3, db: database.db, driver: database.driver }),
    ...createInstanceMemory({ db: database.db, clock, events, deliveries }),
    links: moduleLinks,
    ...options.deps,
  };
  const app = await buildApp({ deps, database });
  await app.ready();
  // As main.ts does: on PostgreSQL, instances relay cache invalidations to each other.
  const invalidation = database.pool ? shareCacheInvalidation(database.pool, deps, { warn() {} }) : null;
  await invalidation?.ready;
  return {
    app,
    deps,
    database,
    jwtSecret: secret,
    close: async () => {
      await deps.deliveries.stop();
      await invalidation?.close();
      await app.close();
      await deps.mail.close();
      await deps.files.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The outside services a test replaced (a failing SMS sender), so the delivery worker sends through them too. */
function pickOutside(overrides: Partial<AppDeps> | undefined): Partial<Pick<AppDeps, 'sms' | 'mail' | 'botCheck' | 'push'>> {
  const picked: Partial<Pick<AppDeps, 'sms' | 'mail' | 'botCheck' | 'push'>> = {};
  if (overrides?.sms) picked.sms = overrides.sms;
  if (overrides?.mail) picked.mail = overrides.mail;
  if (overrides?.botCheck) picked.botCheck = overrides.botCheck;
  if (overrides?.push) picked.push = overrides.push;
  return picked;
}

async function openSecondInstanceDatabase(shared: Database): Promise<Database> {
  if (!shared.pool) throw new Error('a second instance needs the PostgreSQL database (TEST_DATABASE_URL)');
  const database = await openDatabase({ kind: 'postgres', url: String(shared.pool.options.connectionString) });
  // The first instance drops the database when it closes; this one only lets go of its pool.
  return database;
}

export { ManualClock };

export const TEST_PASSWORD = 'correct-horse-battery-9';
let cachedHash: Promise<string> | undefined;

let counter = 0;

/** Creates a user with the test password. Unique names so many can live in one database. */
export async function createUser(
  ctx: TestContext,
  overrides: Partial<Parameters<typeof insertUser>[1]> & { userType?: UserType } = {},
): Promise<UserRow> {
  cachedHash ??= hashSecret(TEST_PASSWORD);
  counter += 1;
  const suffix = `${process.pid}${counter}${crypto.randomBytes(2).toString('hex')}`;
  const userType = overrides.userType ?? 'tanod';
  return insertUser(ctx.deps.db, {
    firstName: `First${counter}`,
    lastName: `Last${counter}`,
    username: userType === 'resident' ? null : `user${suffix}`,
    email: userType === 'resident' ? null : `user${suffix}@example.test`,
    passwordHash: await cachedHash,
    ...overrides,
    userType,
  });
}

/** Signs a user in without the password round trip; returns the bearer token. */
export async function signIn(ctx: TestContext, user: UserRow): Promise<string> {
  const { token } = await openSession(ctx.deps, user, { ip: '127.0.0.1', userAgent: 'vitest' });
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
