import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, type ApiErrorBody, type Conversation, type IncidentListResponse, type Note, type PatrolArea, type UserType } from '@bantay/shared';
import { routesOf, type RegisteredRoute } from '../src/http/route-table.ts';
import { bearer, createUser, signIn, type TestContext, createTestContext } from './harness.ts';
import { addItem, addVehicle, borrowOk, requestTripOk, type SignedIn } from './resources.ts';
import { centreOf, createArea, scheduleFor, square, startPatrol, type Person } from './patrols.ts';
import { jpegWithExif, postReport, uploadPhotos } from './incidents-helpers.ts';
import { makeApiKey } from './api-keys-helpers.ts';
import { CALLERS, expectedAnswer, fillPath, renderRouteMatrix, routeKey, tinyWebBuild, type Caller } from './route-access.ts';

/**
 * The route × role matrix (decision 025): every route the app registers, read from the app itself
 * (not a list kept by hand), called as anonymous and as each role. What each caller must get comes
 * from the route's own declaration, so a route without one fails here. Routes that act on someone's
 * own resource are called again by a caller of an admitted role who does not own it.
 */

const MATRIX_FILE = path.resolve(import.meta.dirname, '../../../docs/route-matrix.md');

const TEXT_LINE_KEYS = { ANDROID_SMS_SIGNING_KEY: 'route-matrix-android-key', HTTPSMS_SIGNING_KEY: 'route-matrix-httpsms-key', TWILIO_AUTH_TOKEN: 'route-matrix-twilio' };

let ctx: TestContext;
let web: Awaited<ReturnType<typeof tinyWebBuild>>;
let routes: RegisteredRoute[];
let apiKey: string;

beforeAll(async () => {
  web = await tinyWebBuild();
  // Loopback push endpoints: the owner checks below subscribe a browser without any DNS.
  // The text line's webhooks exist only with their keys (decision 032): set, so they are in the table.
  // One API key serves every call (no route a key may call ends it), so its per-minute limit is lifted.
  ctx = await createTestContext({ env: { WEB_DIST_DIR: web.dir, PUSH_ALLOW_LOOPBACK: 'true', API_KEY_RATE_LIMIT_PER_MINUTE: '100000', ...TEXT_LINE_KEYS } });
  routes = routesOf(ctx.app);
  apiKey = await makeApiKey(ctx, [...API_KEY_SCOPES]);
});
afterAll(async () => {
  await ctx?.close();
  await web?.remove();
});

/** A fresh session for each call: a route such as logout or session revocation ends the one it is given. */
async function tokenOf(caller: Caller): Promise<string | null> {
  if (caller === 'anonymous') return null;
  if (caller === 'api key') return apiKey;
  const user = await createUser(ctx, { userType: caller as UserType });
  return signIn(ctx, user);
}

function requestFor(route: RegisteredRoute, token: string | null, params: Record<string, string> = {}, body?: unknown) {
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD' && route.method !== 'DELETE' && route.schema?.body !== undefined;
  return ctx.app.inject({
    method: route.method as 'GET',
    url: fillPath(route.url, params),
    headers: token ? bearer(token) : {},
    // A distinct address a call, so the per-address limits of the public routes never answer instead.
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : hasBody ? { payload: {} } : {}),
  });
}

describe('every route declares who may call it', () => {
  it('in onRequest, before the body is read (a guard in preHandler runs after validation and would answer an anonymous caller 400)', () => {
    const undeclared = routes.filter((route) => !route.access).map((route) => `${routeKey(route)}${route.lateAccess ? ' (declared in preHandler)' : ''}`);
    expect(undeclared).toEqual([]);
    // The table really is the app's: the API, the docs and a built app's files are all in it.
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.map(routeKey)).toEqual(expect.arrayContaining(['GET /api/health', 'GET /api/docs/json', 'GET /index.html']));
  });
});

describe('the route × role matrix', () => {
  it('answers every caller of every route as the route declares: 401 without a session, 403 for a role it does not admit, 404 without an address\'s secret, never a 5xx', async () => {
    const wrong: string[] = [];
    // A route without a declaration fails the test above; here it has no expected answers.
    for (const route of routes.filter((candidate) => candidate.access)) {
      for (const caller of CALLERS) {
        const expected = expectedAnswer(route, caller);
        const response = await requestFor(route, await tokenOf(caller));
        const cell = `${routeKey(route)} as ${caller}: ${response.statusCode}`;
        if (response.statusCode >= 500) {
          wrong.push(`${cell} (expected ${expected}) ${response.body.slice(0, 200)}`);
          continue;
        }
        if (expected === 'allowed') {
          if (response.statusCode === 401) wrong.push(`${cell}, refused a caller the route admits`);
          continue;
        }
        const code = expected === 401 ? 'UNAUTHENTICATED' : expected === 404 ? 'NOT_FOUND' : 'FORBIDDEN';
        const body = safeJson(response.body);
        if (response.statusCode !== expected || body?.error?.code !== code) wrong.push(`${cell}, expected ${expected} ${code}: ${response.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000);
});

function safeJson(text: string): Partial<ApiErrorBody> | null {
  try {
    return JSON.parse(text) as Partial<ApiErrorBody>;
  } catch {
    return null;
  }
}

/**
 * Someone else's resource: for each route with an owner check, the owner makes the resource
 * through the API, and a caller of an admitted role who is not the owner is refused (403 or 404,
 * nothing changed for the owner). Shared staff resources (cameras, inventory, vehicles, areas,
 * schedules, incidents) belong to no one and have no row here, except an incident a tanod may not
 * open (a confidential case), whose id and photos answer them 404 as unknown ones would.
 */
interface OwnerCase {
  route: string;
  /** Who is refused, in the matrix's words. */
  who: string;
  params: Record<string, string>;
  body?: unknown;
  caller: SignedIn;
}

describe("someone else's resource", () => {
  let owner: SignedIn;
  let stranger: SignedIn;
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  let party: SignedIn;
  const cases: OwnerCase[] = [];

  beforeAll(async () => {
    owner = await signedInAs('tanod');
    stranger = await signedInAs('tanod');
    admin = await signedInAs('admin');
    otherAdmin = await signedInAs('admin');
    const anotherTanod = "another tanod's";

    const note = await ok<Note>('POST', '/api/notes', owner, { day: '2026-06-01', text: 'Check the gate' });
    for (const route of ['PATCH /api/notes/:id', 'DELETE /api/notes/:id']) {
      cases.push({ route, who: `${anotherTanod} note → 404`, params: { id: note._id }, body: route.startsWith('PATCH') ? { text: 'mine now' } : undefined, caller: stranger });
    }

    const { conversation } = await ok<{ conversation: Conversation }>('POST', '/api/messages/conversations', owner, { participantId: admin.user.id });
    for (const route of ['GET /api/messages/conversations/:id/messages', 'POST /api/messages/conversations/:id/read', 'DELETE /api/messages/conversations/:id']) {
      cases.push({ route, who: 'a non-participant → 404', params: { id: conversation._id }, caller: stranger });
    }

    const { sessions } = await ok<{ sessions: { _id: string }[] }>('GET', '/api/account/sessions', owner);
    cases.push({ route: 'DELETE /api/account/sessions/:id', who: "another person's session → 404", params: { id: sessions[0]!._id }, caller: stranger });

    // A browser's push subscription: its keys are what only that browser holds.
    const browser = pushSubscriptionOf(`https://127.0.0.1:8443/push/${crypto.randomUUID()}`);
    const push = await ok<{ id: string }>('POST', '/api/push/subscriptions', owner, browser);
    cases.push({ route: 'DELETE /api/push/subscriptions/:id', who: "another person's browser → 404", params: { id: push.id }, caller: stranger });
    const otherKeys = pushSubscriptionOf(browser.endpoint).keys;
    cases.push({ route: 'POST /api/push/subscriptions', who: "another person's endpoint without its keys → 409", params: {}, body: { endpoint: browser.endpoint, keys: otherKeys }, caller: stranger });
    const renewal = { old: { endpoint: browser.endpoint, keys: otherKeys }, subscription: pushSubscriptionOf(`https://127.0.0.1:8443/push/${crypto.randomUUID()}`) };
    cases.push({ route: 'POST /api/push/subscriptions/renew', who: "another browser's endpoint without its keys → 404", params: {}, body: renewal, caller: stranger });

    cases.push({ route: 'GET /api/performance/:tanodId', who: `${anotherTanod} → 403`, params: { tanodId: owner.user.id }, caller: stranger });

    const item = await addItem(ctx, admin, { total: 3 });
    const loan = await borrowOk(ctx, owner, { itemId: item._id, quantity: 1 });
    cases.push({ route: 'POST /api/loans/:id/return', who: `${anotherTanod} loan → 403`, params: { id: loan._id }, body: { condition: 'good' }, caller: stranger });

    const vehicle = await addVehicle(ctx, admin, { driverIds: [owner.user.id, stranger.user.id] });
    const hour = 3_600_000;
    const trip = await requestTripOk(ctx, owner, {
      vehicleId: vehicle._id,
      purpose: 'Roving patrol',
      destination: 'Purok 3',
      startsAt: new Date(Date.now() + 2 * hour).toISOString(),
      endsAt: new Date(Date.now() + 4 * hour).toISOString(),
      startOdometer: vehicle.odometer,
    });
    for (const route of ['POST /api/trips/:id/cancel', 'POST /api/trips/:id/complete']) {
      cases.push({ route, who: `${anotherTanod} trip → 403`, params: { id: trip._id }, body: route.endsWith('complete') ? { endOdometer: vehicle.odometer + 10, condition: 'good' } : undefined, caller: stranger });
    }

    const adminPerson: Person = { id: admin.user.id, token: admin.token, firstName: '', lastName: '' };
    const ownerPerson: Person = { id: owner.user.id, token: owner.token, firstName: '', lastName: '' };
    const area: PatrolArea = await createArea(ctx, adminPerson, square(14.9, 121.3));
    const schedule = await scheduleFor(ctx, adminPerson, area, [ownerPerson], new Date(Date.now() - 60_000), new Date(Date.now() + 4 * hour));
    const patrol = await startPatrol(ctx, ownerPerson, schedule._id, centreOf(14.9, 121.3));
    for (const route of ['GET /api/patrols/:id', 'GET /api/patrols/:id/track', 'POST /api/patrols/:id/log', 'POST /api/patrols/:id/end']) {
      const body = route.endsWith('/log') ? { text: 'all clear' } : route.endsWith('/end') ? { position: { ...centreOf(14.9, 121.3), accuracy: 10 } } : undefined;
      cases.push({ route, who: `${anotherTanod} patrol → 404`, params: { id: patrol._id }, body, caller: stranger });
    }

    // The schedule above told its member (the owner) about the assignment.
    const [notification] = await ok<{ _id: string }[]>('GET', '/api/notifications', owner);
    expect(notification).toBeDefined();
    for (const route of ['POST /api/notifications/:id/read', 'DELETE /api/notifications/:id']) {
      cases.push({ route, who: "another person's notification → 404", params: { id: notification!._id }, caller: stranger });
    }

    const backup = await ok<{ _id: string }>('POST', '/api/assistance', owner, { location: { lat: 14.65, lng: 121.05 }, reason: 'Need backup at the market' });
    cases.push({ route: 'POST /api/assistance/:id/cancel', who: `${anotherTanod} backup request → 403`, params: { id: backup._id }, caller: stranger });
    for (const route of ['POST /api/assistance/:id/deployed', 'POST /api/assistance/:id/complete']) {
      cases.push({ route, who: 'a tanod not dispatched → 403', params: { id: backup._id }, caller: stranger });
    }

    // A confidential case with a photo (docs/decisions/027-confidential-cases.md): a tanod who is not its responder may not open either.
    const photo = await uploadPhotos(ctx, [{ filename: 'a.jpg', contentType: 'image/jpeg', bytes: await jpegWithExif(64, 48) }], '10.8.0.1');
    const reported = await postReport(ctx, { photoIds: photo.json<{ photos: { id: string }[] }>().photos.map((each) => each.id) }, { ip: '10.8.0.1' });
    expect(reported.statusCode, reported.body).toBe(201);
    const [incident] = (await ok<IncidentListResponse>('GET', `/api/incidents?q=${reported.json<{ ticket: string }>().ticket}`, admin)).items;
    await ok('POST', `/api/incidents/${incident!._id}/confidential`, admin, { confidential: true });
    cases.push({ route: 'GET /api/incidents/:id', who: 'a confidential case, as a tanod not its responder → 404', params: { id: incident!._id }, caller: stranger });
    cases.push({ route: 'GET /api/incidents/photos/:id', who: 'a photo of an incident the tanod may not open → 404', params: { id: incident!.photos[0]!._id }, caller: stranger });

    // A resident's certified copy of a blotter entry that names them: another resident neither
    // downloads it nor asks for a copy of an entry that does not name them (docs/decisions/026-the-blotter.md).
    party = await residentWith('+639178880001');
    const otherResident = await residentWith('+639178880002');
    const entry = await ok<{ _id: string }>('POST', '/api/blotter', admin, {
      occurredAt: '2026-05-31T13:30:00+08:00',
      place: 'Purok 3',
      nature: 'Noise complaint',
      complainants: [{ name: 'Rosa Mendoza', phone: party.user.phoneNumber }],
      respondents: [],
      narrative: 'Loud videoke past midnight.',
      actionTaken: 'Both parties were advised.',
      status: 'recorded',
    });
    const copy = await ok<{ _id: string }>('POST', `/api/blotter/${entry._id}/copy-requests`, party);
    await ok('POST', `/api/blotter/copy-requests/${copy._id}/decision`, admin, { approve: true });
    cases.push({ route: 'GET /api/blotter/:id/certified.pdf', who: "another resident's approved copy → 404", params: { id: entry._id }, caller: otherResident });
    cases.push({ route: 'POST /api/blotter/:id/copy-requests', who: 'a resident the entry does not name → 404', params: { id: entry._id }, caller: otherResident });

    // Admins manage tanods; an admin's account is the supadmin's to manage, never another admin's.
    for (const route of ['PATCH /api/users/:id', 'POST /api/users/:id/deactivate', 'POST /api/users/:id/reset-password']) {
      cases.push({ route, who: "another admin's account, as an admin → 403", params: { id: otherAdmin.user.id }, body: route.startsWith('PATCH') ? { firstName: 'Taken' } : undefined, caller: admin });
    }
  }, 120_000);

  it("refuses a caller of an admitted role the resource of someone else, and the matrix file lists each such route", async () => {
    const wrong: string[] = [];
    for (const item of cases) {
      const route = routes.find((candidate) => routeKey(candidate) === item.route);
      if (!route) {
        wrong.push(`${item.route}: no such route`);
        continue;
      }
      const response = await requestFor(route, item.caller.token, item.params, item.body);
      const expected = Number(/→ (\d{3})/.exec(item.who)?.[1]);
      if (response.statusCode !== expected) wrong.push(`${item.route} (${item.who}): ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);

    // The owner still has every resource: the refusals changed nothing.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notes?from=2026-06-01&to=2026-06-01', headers: bearer(owner.token) })).json<{ notes: Note[] }>().notes).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/blotter/mine', headers: bearer(party.token) })).json<{ items: { copyRequest: { status: string } | null }[] }>().items[0]?.copyRequest?.status).toBe('approved');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: bearer(owner.token) })).json()).toHaveLength(1);

    const ownerChecks = new Map(cases.map((item) => [item.route, item.who]));
    const matrix = renderRouteMatrix(routes, ownerChecks);
    if (process.env.UPDATE_ROUTE_MATRIX === '1') await fs.writeFile(MATRIX_FILE, matrix);
    const kept = await fs.readFile(MATRIX_FILE, 'utf8').catch(() => '');
    expect(kept, 'docs/route-matrix.md is out of date: run npm run docs:route-matrix').toBe(matrix);
  }, 120_000);

  async function residentWith(phoneNumber: string): Promise<SignedIn> {
    const user = await createUser(ctx, { userType: 'resident', phoneNumber });
    return { user, token: await signIn(ctx, user) };
  }

  async function signedInAs(userType: UserType): Promise<SignedIn> {
    const user = await createUser(ctx, { userType });
    return { user, token: await signIn(ctx, user) };
  }

  /** A browser's `PushSubscription.toJSON()`: a P-256 public key and a 16-byte secret. */
  function pushSubscriptionOf(endpoint: string) {
    const keys = { p256dh: crypto.createECDH('prime256v1').generateKeys().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
    return { endpoint, keys };
  }

  async function ok<T>(method: 'GET' | 'POST', url: string, who: SignedIn, payload?: Record<string, unknown>): Promise<T> {
    const response = await ctx.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json<T>();
  }
});
