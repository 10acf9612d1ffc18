import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, createTestContext, createUser, type TestContext } from '../../../test/harness.ts';
import { insertTestIncident, query } from '../../../test/incidents-helpers.ts';
import { runJob } from '../../jobs/scheduler.ts';
import { escalatePendingIncidents, escalationJob } from './escalation.job.ts';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());

const escalationsOf = (incidentId: string, userId: string) =>
  query<{ message: string }>(
    ctx,
    sql`select message from notifications where entity_id = ${incidentId} and user_id = ${userId} and kind = 'incident.escalated' order by created_at, message`,
  );

/**
 * Two server instances running the job at the same moment. On PostgreSQL each run's transactions
 * take their own pooled connections, so the claims really race, as they would across instances.
 */
async function runOnTwoInstances(): Promise<void> {
  await Promise.all([escalatePendingIncidents(ctx.deps, clock.now()), escalatePendingIncidents({ ...ctx.deps }, clock.now())]);
}

describe('escalation of unanswered reports', () => {
  it('an emergency with no responder is escalated once at 2 minutes and reminded once at 4, even with two instances', async () => {
    const admin = await createUser(ctx, { userType: 'admin' });
    const tanod = await createUser(ctx, { userType: 'tanod' });
    const incident = await insertTestIncident(ctx, { classification: 'emergency', type: 'Fire', landmark: 'Market' });

    clock.advance(119_000);
    await runOnTwoInstances();
    expect(await escalationsOf(incident.id, admin.id)).toEqual([]);

    clock.advance(1_000);
    await runOnTwoInstances();
    await runOnTwoInstances();
    const first = await escalationsOf(incident.id, admin.id);
    expect(first.map((row) => row.message)).toEqual([`EMERGENCY incident ${incident.ticket} (Fire near Market) has had no responder for 2 minutes`]);
    expect(await escalationsOf(incident.id, tanod.id)).toHaveLength(1);

    clock.advance(120_000);
    await runOnTwoInstances();
    clock.advance(60_000);
    await runOnTwoInstances();
    const all = await escalationsOf(incident.id, admin.id);
    expect(all).toHaveLength(2);
    expect(all.map((row) => row.message)).toContain(`Reminder: EMERGENCY incident ${incident.ticket} (Fire near Market) has had no responder for 4 minutes`);

    clock.advance(60 * 60_000);
    await runOnTwoInstances();
    expect(await escalationsOf(incident.id, admin.id)).toHaveLength(2);
  });

  it('a normal report waits 15 minutes; one answered in time is never escalated', async () => {
    const admin = await createUser(ctx, { userType: 'admin' });
    const normal = await insertTestIncident(ctx, { landmark: 'Plaza' });
    const answered = await insertTestIncident(ctx, { classification: 'emergency' });
    const tanod = await createUser(ctx, { userType: 'tanod' });
    await ctx.deps.db.execute(sql`update incidents set status = 'in_progress', responder_id = ${tanod.id} where id = ${answered.id}`);

    clock.advance(14 * 60_000);
    await runJob(ctx.deps, escalationJob, { error: (message) => expect.fail(message) });
    expect(await escalationsOf(normal.id, admin.id)).toEqual([]);
    clock.advance(60_000);
    await runJob(ctx.deps, escalationJob, { error: (message) => expect.fail(message) });
    expect((await escalationsOf(normal.id, admin.id)).map((row) => row.message)).toEqual([
      `Incident ${normal.ticket} (Theft near Plaza) has had no responder for 15 minutes`,
    ]);
    expect(await escalationsOf(answered.id, admin.id)).toEqual([]);
  });

  it('a report found late, past twice the time, gets one reminder rather than two messages', async () => {
    const admin = await createUser(ctx, { userType: 'admin' });
    const incident = await insertTestIncident(ctx, { classification: 'emergency', landmark: null });
    clock.advance(10 * 60_000);
    await escalatePendingIncidents(ctx.deps, clock.now());
    expect((await escalationsOf(incident.id, admin.id)).map((row) => row.message)).toEqual([
      `Reminder: EMERGENCY incident ${incident.ticket} (Theft) has had no responder for 4 minutes`,
    ]);
  });
});
