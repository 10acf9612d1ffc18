import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { advisories, advisoryOptIns, patrolAreas, users, type AdvisoryOptInRow, type AdvisoryRow } from '../../db/schema/index.ts';
import type { PushPayload } from '../deliveries/index.ts';

export interface AdvisoryWithAuthor {
  advisory: AdvisoryRow;
  author: { id: string; firstName: string; lastName: string } | null;
}

export async function insertAdvisory(db: Executor, values: typeof advisories.$inferInsert): Promise<AdvisoryRow> {
  const [row] = await db.insert(advisories).values(values).returning();
  return row!;
}

export async function updateAdvisoryRow(db: Executor, id: string, values: Partial<typeof advisories.$inferInsert>): Promise<AdvisoryRow | undefined> {
  const [row] = await db.update(advisories).set(values).where(eq(advisories.id, id)).returning();
  return row;
}

export async function deleteAdvisoryRow(db: Executor, id: string): Promise<AdvisoryRow | undefined> {
  const [row] = await db.delete(advisories).where(eq(advisories.id, id)).returning();
  return row;
}

export async function findAdvisory(db: Executor, id: string): Promise<AdvisoryRow | undefined> {
  const [row] = await db.select().from(advisories).where(eq(advisories.id, id)).limit(1);
  return row;
}

/** The admins' list: every advisory, newest start first (a barangay writes a few a month). */
export async function listAdvisoriesWithAuthors(db: Executor, limit: number): Promise<AdvisoryWithAuthor[]> {
  const rows = await db
    .select({ advisory: advisories, author: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
    .from(advisories)
    .leftJoin(users, eq(users.id, advisories.createdById))
    .orderBy(desc(advisories.startsAt), desc(advisories.createdAt))
    .limit(limit);
  return rows.map((row) => ({ advisory: row.advisory, author: row.author?.id ? row.author : null }));
}

export async function findAdvisoryWithAuthor(db: Executor, id: string): Promise<AdvisoryWithAuthor | undefined> {
  const [row] = await db
    .select({ advisory: advisories, author: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
    .from(advisories)
    .leftJoin(users, eq(users.id, advisories.createdById))
    .where(eq(advisories.id, id))
    .limit(1);
  return row ? { advisory: row.advisory, author: row.author?.id ? row.author : null } : undefined;
}

/** Published advisories not yet ended at `now` (active or still to come): what the public cache keeps. Drafts are the admins' only. */
export async function listUnendedAdvisories(db: Executor, now: Date): Promise<AdvisoryRow[]> {
  return db
    .select()
    .from(advisories)
    .where(and(eq(advisories.draft, false), or(isNull(advisories.endsAt), gt(advisories.endsAt, now))))
    .orderBy(desc(advisories.startsAt));
}

/** Published advisories that have started and had not ended by `endedSince`: the CAP feed's candidates. */
export async function listStartedAdvisoriesSince(db: Executor, now: Date, endedSince: Date): Promise<AdvisoryRow[]> {
  return db
    .select()
    .from(advisories)
    .where(and(eq(advisories.draft, false), lte(advisories.startsAt, now), or(isNull(advisories.endsAt), gt(advisories.endsAt, endedSince))))
    .orderBy(desc(advisories.startsAt))
    .limit(200);
}

/** Names of the given patrol areas, retired ones included (an advisory keeps what it was written for). */
export async function patrolAreaNames(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: patrolAreas.id, name: patrolAreas.name }).from(patrolAreas).where(inArray(patrolAreas.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Claims advisories whose start has come and whose residents were not alerted yet, marking them
 * announced in the caller's transaction (the alerts are written in the same one). `skip locked`
 * lets two instances run the job at once without alerting twice or waiting on each other.
 */
export async function claimDueAnnouncements(db: Executor, now: Date, limit: number): Promise<AdvisoryRow[]> {
  const result = await db.execute<{ id: string }>(sql`
    update ${advisories} set announced_at = ${now.toISOString()}
    where id in (
      select id from ${advisories}
      where announced_at is null and not draft and starts_at <= ${now.toISOString()} and (ends_at is null or ends_at > ${now.toISOString()})
      order by starts_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db.select().from(advisories).where(inArray(advisories.id, ids));
}

/**
 * Writes one push delivery per subscribed browser and one SMS per mobile number of the active
 * residents who opted in, in one statement each whatever their number (decision 016's table). The
 * dedupe keys (per advisory and browser, per advisory and person) keep a second announcement of
 * the same advisory from alerting anyone twice. Returns how many rows were written.
 */
export async function insertAdvisoryDeliveries(
  db: Executor,
  input: { advisoryId: string; push: PushPayload; smsText: string; now: Date },
): Promise<number> {
  const now = input.now.toISOString();
  const push = await db.execute<{ id: string }>(sql`
    insert into deliveries (channel, user_id, target, payload, dedupe_key, kind, next_attempt_at, created_at)
    select 'push', o.user_id, s.id::text, ${JSON.stringify(input.push)}::jsonb,
      'advisory-push:' || ${input.advisoryId} || ':' || s.id::text, 'advisory.published', ${now}, ${now}
    from advisory_opt_ins o
    join users u on u.id = o.user_id and u.user_type = 'resident' and u.status = 'active'
    join push_subscriptions s on s.user_id = o.user_id
    where o.push
    on conflict (dedupe_key) do nothing
    returning id`);
  const sms = await db.execute<{ id: string }>(sql`
    insert into deliveries (channel, user_id, target, payload, dedupe_key, kind, next_attempt_at, created_at)
    select 'sms', u.id, u.phone_number, ${JSON.stringify({ text: input.smsText })}::jsonb,
      'advisory-sms:' || ${input.advisoryId} || ':' || u.id::text, 'advisory.published', ${now}, ${now}
    from advisory_opt_ins o
    join users u on u.id = o.user_id and u.user_type = 'resident' and u.status = 'active'
    where o.sms and u.phone_number is not null
    on conflict (dedupe_key) do nothing
    returning id`);
  const count = (result: unknown) => (result as { rows: unknown[] }).rows.length;
  return count(push) + count(sms);
}

export async function findAdvisoryOptIn(db: Executor, userId: string): Promise<AdvisoryOptInRow | undefined> {
  const [row] = await db.select().from(advisoryOptIns).where(eq(advisoryOptIns.userId, userId)).limit(1);
  return row;
}

export async function upsertAdvisoryOptIn(db: Executor, userId: string, choice: { push: boolean; sms: boolean }, now: Date): Promise<AdvisoryOptInRow> {
  const [row] = await db
    .insert(advisoryOptIns)
    .values({ userId, ...choice, updatedAt: now })
    .onConflictDoUpdate({ target: advisoryOptIns.userId, set: { ...choice, updatedAt: now } })
    .returning();
  return row!;
}
