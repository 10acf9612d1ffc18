import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncidentDetail, IncidentListItem, IncidentListResponse } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { INSIDE, insertTestIncident } from '../../../test/incidents-helpers.ts';
import { evaluations, type IncidentRow, type UserRow } from '../../db/schema/index.ts';

/**
 * A tanod's history on the staff list: `responder=me` and the `rating` filter, and the reporter's
 * rating of the responder on each row and on the detail.
 */

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
let adminToken: string;
let rico: { user: UserRow; token: string };
let nena: { user: UserRow; token: string };
let rated: IncidentRow;
let unrated: IncidentRow;
let hiddenRating: IncidentRow;
let holding: IncidentRow;
let nenas: IncidentRow;
let untouched: IncidentRow;

const TAG = 'history-batch';

const get = (url: string, token: string | null) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token: string, payload: Record<string, unknown> = {}) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const ids = (body: IncidentListResponse) => body.items.map((item) => item._id);

async function tanod(firstName: string) {
  const user = await createUser(ctx, { userType: 'tanod', firstName });
  return { user, token: await signIn(ctx, user) };
}

async function incident(lat = INSIDE.lat): Promise<IncidentRow> {
  clock.advance(60_000);
  return insertTestIncident(ctx, { address: TAG, lat, lng: INSIDE.lng });
}

async function handle(token: string, row: IncidentRow, resolve: boolean) {
  expect((await post(`/api/incidents/${row.id}/respond`, token)).statusCode).toBe(200);
  if (resolve) expect((await post(`/api/incidents/${row.id}/resolve`, token, { log: 'Settled at the scene.' })).statusCode).toBe(200);
}

async function rate(row: IncidentRow, tanodId: string, stars: number, hidden = false) {
  await ctx.deps.db.insert(evaluations).values({ tanodId, rating: stars, comment: `Rated ${stars}`, source: 'ticket', incidentId: row.id, hidden, createdAt: clock.now() });
}

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  adminToken = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
  rico = await tanod('Rico');
  nena = await tanod('Nena');
  // About 0, 111, 222 and 333 m north of INSIDE: the distance filter has something to cut.
  rated = await incident(INSIDE.lat);
  unrated = await incident(INSIDE.lat + 0.001);
  hiddenRating = await incident(INSIDE.lat + 0.002);
  holding = await incident(INSIDE.lat + 0.003);
  nenas = await incident();
  untouched = await incident();
  for (const row of [rated, unrated, hiddenRating]) await handle(rico.token, row, true);
  await handle(rico.token, holding, false);
  await handle(nena.token, nenas, true);
  await rate(rated, rico.user.id, 4);
  await rate(hiddenRating, rico.user.id, 1, true);
  await rate(nenas, nena.user.id, 5);
});
afterAll(() => ctx.close());

describe("a tanod's history", () => {
  it('responder=me lists the incidents I responded to, newest first, with the rating I got', async () => {
    const response = await get(`/api/incidents?q=${TAG}&responder=me`, rico.token);
    expect(response.statusCode).toBe(200);
    const body = response.json<IncidentListResponse>();
    expect(ids(body)).toEqual([holding.id, hiddenRating.id, unrated.id, rated.id]);
    const byId = new Map(body.items.map((item) => [item._id, item]));
    expect(byId.get(rated.id)!.rating).toEqual({ stars: 4, comment: 'Rated 4', at: expect.any(String) });
    expect(byId.get(rated.id)!.status).toBe('resolved');
    // A rating an admin hid is not shown.
    expect(byId.get(hiddenRating.id)!.rating).toBeNull();
    expect(byId.get(holding.id)).toMatchObject({ status: 'in_progress', rating: null });
  });

  it('combines with the status, rating and distance filters', async () => {
    const list = async (query: string) => ids((await get(`/api/incidents?q=${TAG}&responder=me&${query}`, rico.token)).json());
    expect(await list('status=resolved&rating=4,5')).toEqual([rated.id]);
    expect(await list('status=resolved&rating=none')).toEqual([hiddenRating.id, unrated.id]);
    expect(await list('status=in_progress')).toEqual([holding.id]);
    expect(await list(`near=${INSIDE.lat},${INSIDE.lng}&radius=150&sort=nearest`)).toEqual([rated.id, unrated.id]);
    expect(await list('classification=emergency')).toEqual([]);
  });

  it("another tanod's handled incidents stay out of my list; an admin reads anyone's history", async () => {
    expect(ids((await get(`/api/incidents?q=${TAG}&responder=${nena.user.id}`, rico.token)).json())).toEqual([]);
    const mine = ids((await get(`/api/incidents?q=${TAG}&status=resolved`, rico.token)).json());
    expect(mine).not.toContain(nenas.id);
    expect(mine).not.toContain(untouched.id);
    const admin = (await get(`/api/incidents?q=${TAG}&responder=${nena.user.id}`, adminToken)).json<IncidentListResponse>();
    expect(admin.items.map((item: IncidentListItem) => [item._id, item.rating?.stars])).toEqual([[nenas.id, 5]]);
    // An admin responds to nothing: their own history is empty, and so is its CSV.
    expect(ids((await get(`/api/incidents?q=${TAG}&responder=me`, adminToken)).json())).toEqual([]);
    const csv = await get(`/api/incidents/export.csv?q=${TAG}&responder=${rico.user.id}&rating=4`, adminToken);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(rated.ticket);
    expect(csv.body).not.toContain(unrated.ticket);
  });

  it('the detail carries the rating too', async () => {
    const detail = (await get(`/api/incidents/${rated.id}`, rico.token)).json<IncidentDetail>();
    expect(detail.rating).toMatchObject({ stars: 4, comment: 'Rated 4' });
    expect((await get(`/api/incidents/${unrated.id}`, rico.token)).json<IncidentDetail>().rating).toBeNull();
  });

  it('bad history filters are refused naming the field; anonymous callers and residents are refused', async () => {
    for (const [url, field] of [
      ['/api/incidents?responder=someone', 'responder'],
      ['/api/incidents?rating=6', 'rating'],
      ['/api/incidents?rating=', 'rating'],
      ['/api/incidents?rating=4,good', 'rating'],
    ] as const) {
      const response = await get(url, rico.token);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.fields[0].field.split('.')[0], url).toBe(field);
    }
    expect((await get('/api/incidents?responder=me', null)).statusCode).toBe(401);
    const resident = await signIn(ctx, await createUser(ctx, { userType: 'resident' }));
    expect((await get('/api/incidents?responder=me', resident)).statusCode).toBe(403);
  });
});
