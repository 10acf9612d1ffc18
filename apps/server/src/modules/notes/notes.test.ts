import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('calendar notes', () => {
  it('a tanod adds, lists, edits and deletes their own notes; another tanod cannot see or touch them', async () => {
    const mine = await signIn(ctx, await createUser(ctx));
    const theirs = await signIn(ctx, await createUser(ctx));
    const add = (day: string, text: string) => ctx.app.inject({ method: 'POST', url: '/api/notes', headers: bearer(mine), payload: { day, text } });
    const first = await add('2026-11-30', '  Barangay assembly at 3 PM ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ day: '2026-11-30', text: 'Barangay assembly at 3 PM' });
    await add('2026-12-01', 'Pick up radios');
    await add('2027-01-15', 'Fiesta');

    const list = await ctx.app.inject({ method: 'GET', url: '/api/notes?from=2026-11-01&to=2026-12-31', headers: bearer(mine) });
    expect(list.json().notes.map((n: { text: string }) => n.text)).toEqual(['Barangay assembly at 3 PM', 'Pick up radios']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notes?from=2026-11-01&to=2026-12-31', headers: bearer(theirs) })).json().notes).toEqual([]);

    const id = first.json()._id as string;
    const hijack = await ctx.app.inject({ method: 'PATCH', url: `/api/notes/${id}`, headers: bearer(theirs), payload: { text: 'mine now' } });
    expect(hijack.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/notes/${id}`, headers: bearer(theirs) })).statusCode).toBe(404);

    const edited = await ctx.app.inject({ method: 'PATCH', url: `/api/notes/${id}`, headers: bearer(mine), payload: { text: 'Assembly moved to 4 PM' } });
    expect(edited.json()).toMatchObject({ day: '2026-11-30', text: 'Assembly moved to 4 PM' });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/notes/${id}`, headers: bearer(mine) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/notes/${id}`, headers: bearer(mine) })).statusCode).toBe(404);
  });

  it('bad input names the field; residents and anonymous callers are refused', async () => {
    const token = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
    const cases: [object, string][] = [
      [{ day: '30/11/2026', text: 'x' }, 'day'],
      [{ day: '2026-11-30', text: '   ' }, 'text'],
      [{ day: '2026-11-30', text: 'x'.repeat(501) }, 'text'],
    ];
    for (const [payload, field] of cases) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/notes', headers: bearer(token), payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields[0].field).toBe(field);
    }
    const backwards = await ctx.app.inject({ method: 'GET', url: '/api/notes?from=2026-12-01&to=2026-11-01', headers: bearer(token) });
    expect(backwards.json().error.fields[0].field).toBe('to');
    const resident = await signIn(ctx, await createUser(ctx, { userType: 'resident' }));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notes?from=2026-11-01&to=2026-11-30', headers: bearer(resident) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/notes', payload: { day: '2026-11-30', text: 'x' } })).statusCode).toBe(401);
  });
});
