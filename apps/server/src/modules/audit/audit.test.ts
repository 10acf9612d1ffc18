import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@bantay/shared';
import { bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { auditEntries } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the audit log', () => {
  it('the supadmin reads who changed what, newest first, filtered and paged; nobody else can', async () => {
    const supadmin = await createUser(ctx, { userType: 'supadmin' });
    const admin = await createUser(ctx, { userType: 'admin' });
    const adminToken = await signIn(ctx, admin);
    const token = await signIn(ctx, supadmin);
    const created: string[] = [];
    for (const name of ['one', 'two', 'three']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: bearer(adminToken),
        payload: { firstName: 'Audit', lastName: name, username: `audit.${name}` },
      });
      created.push(response.json().user._id);
    }
    await ctx.app.inject({ method: 'POST', url: `/api/users/${created[0]}/deactivate`, headers: bearer(adminToken) });

    const page1 = await ctx.app.inject({ method: 'GET', url: `/api/audit?actorId=${admin.id}&limit=3`, headers: bearer(token) });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.items.map((e: { action: string }) => e.action)).toEqual(['deactivate', 'create', 'create']);
    expect(body.items[0]).toMatchObject({ entity: 'user', entityId: created[0], actor: { _id: admin.id, userType: 'admin' }, ip: '127.0.0.1' });
    const page2 = (await ctx.app.inject({ method: 'GET', url: `/api/audit?actorId=${admin.id}&limit=3&cursor=${body.nextCursor}`, headers: bearer(token) })).json();
    // Every entry once across the pages, none repeated.
    const ids = [...body.items, ...page2.items].map((e: { _id: string }) => e._id);
    expect(new Set(ids).size).toBe(4);
    expect([...body.items, ...page2.items].filter((e: { action: string }) => e.action === 'create').map((e: { entityId: string }) => e.entityId).sort()).toEqual([...created].sort());
    expect(page2.nextCursor).toBeNull();

    const onlyDeactivations = (await ctx.app.inject({ method: 'GET', url: '/api/audit?action=deactivate', headers: bearer(token) })).json();
    expect(onlyDeactivations.items).toHaveLength(1);
    const future = (await ctx.app.inject({ method: 'GET', url: `/api/audit?from=${encodeURIComponent('2999-01-01T00:00:00Z')}`, headers: bearer(token) })).json();
    expect(future.items).toEqual([]);

    expect((await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(adminToken) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/audit?from=yesterday', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].field).toBe('from');
    for (const [field, value] of [['entity', 'patrol-area'], ['action', 'patrol_area.created']]) {
      const unknown = await ctx.app.inject({ method: 'GET', url: `/api/audit?${field}=${value}`, headers: bearer(token) });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.fields[0]).toMatchObject({ field, message: expect.stringContaining(`${field} must be one of`) });
    }
  });

  it('every module writes one vocabulary: the entries the 0014 migration found are renamed to it', async () => {
    const actor = await createUser(ctx, { userType: 'admin' });
    const legacy: [string, string][] = [
      ['patrol_area.retired', 'patrol_area'],
      ['schedule.created', 'schedule'],
      ['camera.delete', 'camera'],
      ['settings.boundary_updated', 'settings'],
      ['performance.report', 'performance'],
      ['assistance.cancelled', 'assistance_request'],
      ['incident.rejected', 'incident'],
      ['update_photo', 'inventory-item'],
    ];
    for (const [action, entity] of legacy) {
      await ctx.deps.db.insert(auditEntries).values({ actorId: actor.id, action, entity, at: new Date() });
    }
    const migration = await fs.readFile(path.join(import.meta.dirname, '../../db/migrations/0014_audit_one_vocabulary.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await ctx.deps.db.execute(sql.raw(statement));

    const rows = await ctx.deps.db
      .select({ action: auditEntries.action, entity: auditEntries.entity })
      .from(auditEntries)
      .where(eq(auditEntries.actorId, actor.id));
    // Sorted: an UPDATE moves rows, so the table's order is not the insert order.
    expect(rows.map((row) => [row.action, row.entity]).sort()).toEqual([
      ['retire', 'patrol_area'],
      ['create', 'schedule'],
      ['delete', 'camera'],
      ['update_boundary', 'settings'],
      ['export', 'performance'],
      ['cancel', 'assistance_request'],
      ['reject', 'incident'],
      ['update_photo', 'inventory_item'],
    ].sort());
    for (const row of rows) {
      expect(AUDIT_ACTIONS).toContain(row.action);
      expect(AUDIT_ENTITIES).toContain(row.entity);
    }
  });
});
