import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, bearer, createTestContext, createUser, signIn, type TestContext } from './harness.ts';
import { insertTestIncident } from './incidents-helpers.ts';
import { addItem, borrow, signedIn } from './resources.ts';

/**
 * The modules' errors in the request's language (decision 029): with the `bantay_lang=fil` cookie
 * the `message` and each field's `message` are the Filipino of the server catalogue, placeholders
 * filled; the `code` is the same as in English.
 */

/** A Filipino catalogue, msgid → msgstr (Lingui writes one line per string): the server's by default. */
function readCatalogue(file = '../src/locales/fil/messages.po'): Map<string, string> {
  const text = fs.readFileSync(path.join(import.meta.dirname, file), 'utf8');
  const entries = new Map<string, string>();
  const pattern = /^msgid (".*")\nmsgstr (".*")$/gm;
  for (const [, id, str] of text.matchAll(pattern)) entries.set(JSON.parse(id!) as string, JSON.parse(str!) as string);
  return entries;
}

const catalogue = readCatalogue();
/** The shared package's, whose messages the request schemas give. */
const sharedCatalogue = readCatalogue('../../../packages/shared/src/locales/fil/messages.po');

/** The catalogue's Filipino of `id`, its simple `{placeholders}` filled. */
function fil(id: string, values: Record<string, string | number> = {}): string {
  const translation = catalogue.get(id);
  if (!translation) throw new Error(`no Filipino in the catalogue for "${id}"`);
  return translation.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const FIL = { cookie: 'bantay_lang=fil' };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => ctx.close());

const errorOf = (response: { json: () => unknown }) => (response.json() as { error: { code: string; message: string; fields?: { field: string; message: string }[] } }).error;

describe('module errors with the bantay_lang=fil cookie', () => {
  it('not found: a missing incident, in Filipino; the same request without the cookie stays English', async () => {
    const admin = await signedIn(ctx, 'admin');
    const url = '/api/incidents/00000000-0000-4000-8000-000000000000';
    const filipino = await ctx.app.inject({ method: 'GET', url, headers: { ...bearer(admin.token), ...FIL } });
    expect(filipino.statusCode).toBe(404);
    expect(errorOf(filipino)).toEqual({ code: 'NOT_FOUND', message: fil('Incident not found') });
    expect(errorOf(filipino).message).toBe('Hindi nakita ang insidente');

    const english = await ctx.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
    expect(errorOf(english)).toEqual({ code: 'NOT_FOUND', message: 'Incident not found' });
  });

  it('not found with a long sentence: an unknown ticket on the public lookup', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/public/tickets/IR-7K3F-9QXM', headers: FIL });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({
      code: 'NOT_FOUND',
      message: fil('No report has this ticket. Check the letters and numbers (for example IR-7K3F-9QXM) and try again.'),
    });
  });

  it('forbidden: an admin deactivating their own account', async () => {
    const admin = await signedIn(ctx, 'admin');
    const response = await ctx.app.inject({ method: 'POST', url: `/api/users/${admin.user.id}/deactivate`, headers: { ...bearer(admin.token), ...FIL } });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: 'FORBIDDEN', message: fil('You cannot deactivate your own account') });
  });

  it('invalid credentials: a wrong password at the staff sign-in', async () => {
    const tanod = await createUser(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: FIL,
      payload: { username: tanod.username, password: 'not-the-password-at-all' },
    });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toMatchObject({ code: 'INVALID_CREDENTIALS', message: fil('Incorrect username or password') });
  });

  it('a plural: the tenth wrong password locks the account for some minutes', async () => {
    const tanod = await createUser(ctx);
    let last;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      last = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: FIL, payload: { username: tanod.username, password: `wrong-${attempt}` } });
    }
    expect(last!.statusCode).toBe(429);
    const minutes = Math.ceil(Number(last!.headers['retry-after']) / 60);
    expect(minutes).toBeGreaterThan(1);
    expect(errorOf(last!)).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      message: fil('Too many failed sign-in attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.', { minutes }),
    });
    // The right password is still refused while locked; the sign-in works once the lock is over (not waited for here).
    const locked = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: FIL, payload: { username: tanod.username, password: TEST_PASSWORD } });
    expect(errorOf(locked).code).toBe('ACCOUNT_LOCKED');
  });

  it('conflict with a named placeholder and a field: an item name already used', async () => {
    const admin = await signedIn(ctx, 'admin');
    const name = `Flashlight ${process.pid}`;
    await addItem(ctx, admin, { name });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: { ...bearer(admin.token), ...FIL },
      payload: { name, category: 'communication', total: 2 },
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: 'CONFLICT',
      message: fil('An item named "{name}" already exists', { name }),
      fields: [{ field: 'name', message: fil('This name is already used') }],
    });
  });

  it('insufficient stock: three placeholders in the message, one in the field', async () => {
    const admin = await signedIn(ctx, 'admin');
    const tanod = await signedIn(ctx, 'tanod');
    const item = await addItem(ctx, admin, { name: `Raincoat ${process.pid}`, total: 1 });
    const response = await borrow(ctx, tanod, { itemId: item._id, quantity: 2 });
    expect(response.statusCode).toBe(409);
    // Without a cookie (and no language on the account) the same refusal reads in English, as before.
    expect(errorOf(response).message).toBe(`Only 1 Raincoat ${process.pid} available; 2 requested`);

    const filipino = await ctx.app.inject({ method: 'POST', url: '/api/loans', headers: { ...bearer(tanod.token), ...FIL }, payload: { itemId: item._id, quantity: 2 } });
    expect(errorOf(filipino)).toEqual({
      code: 'insufficient_stock',
      message: fil('Only {available} {name} available; {requested} requested', { available: 1, name: item.name, requested: 2 }),
      fields: [{ field: 'quantity', message: fil('At most {available}', { available: 1 }) }],
    });
  });

  it('validation from a service: a notes range longer than a year', async () => {
    const tanod = await signedIn(ctx, 'tanod');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/notes?from=2026-01-01&to=2027-06-01', headers: { ...bearer(tanod.token), ...FIL } });
    expect(response.statusCode).toBe(400);
    const message = fil('Ask for at most {max} days at a time', { max: 366 });
    expect(errorOf(response)).toEqual({ code: 'VALIDATION_FAILED', message, fields: [{ field: 'to', message }] });
  });

  it('validation with a different field message: an unknown time zone in the settings', async () => {
    const supadmin = await signedIn(ctx, 'supadmin');
    const response = await ctx.app.inject({ method: 'PATCH', url: '/api/settings', headers: { ...bearer(supadmin.token), ...FIL }, payload: { timezone: 'Mars/Olympus_Mons' } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'VALIDATION_FAILED',
      message: fil('Unknown timezone'),
      fields: [{ field: 'timezone', message: fil('Unknown timezone (for example Asia/Manila)') }],
    });
  });

  it("a person's name as a placeholder: a second tanod responding to a taken incident", async () => {
    const first = await signedIn(ctx, 'tanod');
    const second = await signedIn(ctx, 'tanod');
    const incident = await insertTestIncident(ctx);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/incidents/${incident.id}/respond`, headers: bearer(first.token) })).statusCode).toBe(200);
    const response = await ctx.app.inject({ method: 'POST', url: `/api/incidents/${incident.id}/respond`, headers: { ...bearer(second.token), ...FIL } });
    expect(response.statusCode).toBe(409);
    const name = `${first.user.firstName} ${first.user.lastName}`;
    expect(errorOf(response)).toMatchObject({ code: 'already_taken', message: fil('{name} already responded to this incident.', { name }) });
  });

  it('a status in a select: resolving an incident that is still pending', async () => {
    const admin = await signedIn(ctx, 'admin');
    const incident = await insertTestIncident(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/incidents/${incident.id}/resolve`,
      headers: { ...bearer(admin.token), ...FIL },
      payload: { log: 'Nothing was found at the place.' },
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: 'CONFLICT',
      message: 'Naghihintay pa ang insidenteng ito, kaya hindi na ito mareresolba.',
      details: { status: 'pending' },
    });
    // The English of the same refusal, word for word as before.
    const english = await ctx.app.inject({ method: 'POST', url: `/api/incidents/${incident.id}/resolve`, headers: bearer(admin.token), payload: { log: 'Nothing was found at the place.' } });
    expect(errorOf(english).message).toBe('This incident is still pending, so it cannot be resolved.');
  });

  it("the account's language answers a signed-in caller without a cookie", async () => {
    const tanod = await signedIn(ctx, 'tanod');
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/account/language', headers: bearer(tanod.token), payload: { language: 'fil' } })).statusCode).toBe(200);
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/notes/00000000-0000-4000-8000-000000000000', headers: bearer(tanod.token) });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: fil('Note not found') });
  });
});

describe('a check whose schema carries no message of its own (packages/shared/src/zod-messages.ts)', () => {
  it('answers in Filipino, not in zod\'s developer English', async () => {
    const resident = await createUser(ctx, { userType: 'resident', phoneNumber: '+639170000099', username: null, email: null });
    const token = await signIn(ctx, resident);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/residents/me/advisory-alerts',
      headers: { ...bearer(token), ...FIL },
      payload: { push: 'yes', sms: true },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual([{ field: 'push', message: sharedCatalogue.get('This value is not the right kind') }]);
    expect(errorOf(response).fields?.[0]?.message).toBe('Hindi tama ang uri ng halagang ito');
  });
});
