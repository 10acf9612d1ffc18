import crypto from 'node:crypto';
import { msg } from '@lingui/core/macro';
import { API_KEY_PREFIX, API_KEY_SCOPES, type ApiKey, type ApiKeyList, type ApiKeyScope, type CreateApiKey, type CreatedApiKey } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { ApiKeyRow } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { findPeople, findUserById } from '../users/index.ts';
import { findApiKey, findApiKeyByHash, insertApiKey, listApiKeys, markRevoked, recordUse } from './api-keys.repository.ts';

/**
 * API keys (docs/decisions/034-the-integration-kit.md): a supadmin makes them with scopes; another
 * system sends one as `Authorization: Bearer bty_…` and acts, within those scopes, as that supadmin.
 */

/** How many characters of the key the list shows, `bty_` included. */
const HINT_LENGTH = API_KEY_PREFIX.length + 6;
/** The last use is written at most this often per key (and whenever the address changes). */
const USE_RECORD_INTERVAL_MS = 60_000;
const LIST_MAX = 200;

/**
 * The stored form of a key. A fast hash is enough: the key is 256 random bits, which no one can
 * guess back from a stolen hash, unlike a password; and it lets each request find its key by an
 * indexed lookup.
 */
const hashKey = (key: string) => crypto.createHash('sha256').update(key, 'utf8').digest('hex');

const knownScopes = (scopes: readonly string[]): ApiKeyScope[] => scopes.filter((scope): scope is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(scope));

export async function createApiKey(deps: AppDeps, actor: Actor, input: CreateApiKey): Promise<CreatedApiKey> {
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const now = deps.clock.now();
  const scopes = knownScopes(input.scopes);
  const row = await inTransaction(deps.db, async (tx) => {
    const created = await insertApiKey(tx, {
      name: input.name,
      keyHash: hashKey(key),
      hint: key.slice(0, HINT_LENGTH),
      scopes,
      createdBy: actor.id,
      createdAt: now,
    });
    await appendAuditEntry(tx, { actor, action: 'create', entity: 'api_key', entityId: created.id, after: { name: created.name, scopes }, at: now });
    return created;
  });
  return { _id: row.id, key };
}

export async function listKeys(deps: AppDeps): Promise<ApiKeyList> {
  const rows = await listApiKeys(deps.db, LIST_MAX);
  const people = await findPeople(
    deps.db,
    rows.map((row) => row.createdBy),
  );
  return { items: rows.map((row) => presentApiKey(row, people.get(row.createdBy) ?? null)) };
}

function presentApiKey(row: ApiKeyRow, maker: { _id: string; firstName: string; lastName: string } | null): ApiKey {
  return {
    _id: row.id,
    name: row.name,
    scopes: knownScopes(row.scopes),
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    createdBy: maker && { _id: maker._id, firstName: maker.firstName, lastName: maker.lastName },
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Revokes a key at once; revoking one already revoked changes nothing. 404 for an unknown id. */
export async function revokeKey(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const key = await findApiKey(tx, id);
    if (!key) throw notFound(msg`API key not found`);
    const revoked = await markRevoked(tx, id, now);
    if (revoked) await appendAuditEntry(tx, { actor, action: 'revoke', entity: 'api_key', entityId: id, before: { name: key.name, scopes: key.scopes }, at: now });
  });
}

/**
 * The caller behind a key, or null when the key is unknown, revoked, or its maker is no longer an
 * active supadmin. Records the use (time and address) at most once a minute, so a busy
 * integration does not write a row on every request.
 */
export async function authenticateApiKey(
  deps: AppDeps,
  key: string,
  ip: string | null,
): Promise<{ actor: Actor; scopes: readonly ApiKeyScope[] } | null> {
  const row = await findApiKeyByHash(deps.db, hashKey(key));
  if (!row || row.revokedAt) return null;
  const maker = await findUserById(deps.db, row.createdBy);
  if (!maker || maker.status !== 'active' || maker.userType !== 'supadmin') return null;
  const now = deps.clock.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= USE_RECORD_INTERVAL_MS || row.lastUsedIp !== ip) {
    await recordUse(deps.db, row.id, now, ip);
  }
  const scopes = knownScopes(row.scopes);
  return {
    actor: { id: maker.id, userType: maker.userType, sessionId: `api-key:${row.id}`, language: maker.language, apiKey: { id: row.id, scopes } },
    scopes,
  };
}
