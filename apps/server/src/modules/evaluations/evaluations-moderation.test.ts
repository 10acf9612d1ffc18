import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { insertEvaluation } from './evaluations.repository.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('moderating ratings', () => {
  it('an admin sees every rating of a tanod with the distribution, hides an abusive one, and the directory stops counting it', async () => {
    const tanod = await createUser(ctx, { userType: 'tanod' });
    const admin = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
    const ratings: [number, string][] = [
      [5, 'Came quickly, very polite'],
      [4, 'Helpful'],
      [1, 'Abusive words here'],
    ];
    const ids: string[] = [];
    for (const [rating, comment] of ratings) {
      ids.push((await insertEvaluation(ctx.deps.db, { tanodId: tanod.id, rating, comment, source: 'directory', reviewerName: null })).id);
    }
    const list = await ctx.app.inject({ method: 'GET', url: `/api/users/${tanod.id}/evaluations`, headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 3, average: 3.33, distribution: [1, 0, 0, 1, 1] });
    expect(list.json().items).toHaveLength(3);

    const hide = await ctx.app.inject({ method: 'PATCH', url: `/api/evaluations/${ids[2]}`, headers: bearer(admin), payload: { hidden: true } });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ hidden: true, comment: 'Abusive words here' });
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/users/${tanod.id}/evaluations`, headers: bearer(admin) })).json();
    // Still listed for the admin (so it can be shown again), no longer counted.
    expect(after).toMatchObject({ count: 2, average: 4.5, distribution: [0, 0, 0, 1, 1] });
    expect(after.items.find((e: { _id: string }) => e._id === ids[2]).hidden).toBe(true);
    const directory = (await ctx.app.inject({ method: 'GET', url: '/api/public/tanods' })).json();
    const card = directory.tanods.find((t: { _id: string }) => t._id === tanod.id);
    expect(card.ratingCount).toBe(2);
    expect(JSON.stringify(card)).not.toContain('Abusive words here');
  });

  it('tanods, residents and anonymous callers cannot moderate; unknown ids and bad bodies are refused', async () => {
    const tanod = await createUser(ctx, { userType: 'tanod' });
    const id = (await insertEvaluation(ctx.deps.db, { tanodId: tanod.id, rating: 3, comment: 'ok', source: 'directory', reviewerName: null })).id;
    const tanodToken = await signIn(ctx, tanod);
    expect((await ctx.app.inject({ method: 'PATCH', url: `/api/evaluations/${id}`, headers: bearer(tanodToken), payload: { hidden: true } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/${tanod.id}/evaluations`, headers: bearer(tanodToken) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'PATCH', url: `/api/evaluations/${id}`, payload: { hidden: true } })).statusCode).toBe(401);
    const admin = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
    const bad = await ctx.app.inject({ method: 'PATCH', url: `/api/evaluations/${id}`, headers: bearer(admin), payload: { hidden: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].field).toBe('hidden');
    const missing = await ctx.app.inject({ method: 'PATCH', url: '/api/evaluations/00000000-0000-4000-8000-000000000000', headers: bearer(admin), payload: { hidden: true } });
    expect(missing.statusCode).toBe(404);
    const notATanod = await ctx.app.inject({ method: 'GET', url: `/api/users/${(await createUser(ctx, { userType: 'admin' })).id}/evaluations`, headers: bearer(admin) });
    expect(notATanod.statusCode).toBe(404);
  });
});
