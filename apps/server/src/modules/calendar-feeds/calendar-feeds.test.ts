import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, CalendarFeedStatus, CreatedCalendarFeed } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { query } from '../../../test/incidents-helpers.ts';
import { createArea, createSchedule, person, scheduleFor, square, type Person } from '../../../test/patrols.ts';
import { updateUser } from '../users/users.repository.ts';
import { sql } from 'drizzle-orm';

/**
 * A tanod's calendar feed (docs/decisions/034-the-integration-kit.md, "Calendar feeds"): made and
 * stopped through the API, read by its address alone as a phone's calendar would, and every feed
 * parsed back with ical.js, a calendar parser that is not the writer.
 */

let ctx: TestContext;
let admin: Person;
// 08:00 in Manila on Monday 1 June 2026; tests move it forward only.
const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
const DAY = 86_400_000;

beforeAll(async () => {
  // Sessions outlive the clock's jumps of a few weeks.
  ctx = await createTestContext({ clock, env: { SESSION_TTL_HOURS: '2160', PUBLIC_URL: 'https://bantay.example.ph' } });
  admin = await person(ctx, 'admin');
});
afterAll(() => ctx.close());

async function createFeed(who: Person): Promise<CreatedCalendarFeed> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/account/calendar-feed', headers: bearer(who.token) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedCalendarFeed>();
}

/** The feed read as a calendar app reads it: its address and nothing else, from an address of its own. */
function readFeed(url: string, headers: Record<string, string> = {}, remoteAddress = '203.0.113.7') {
  return ctx.app.inject({ method: 'GET', url: new URL(url).pathname, headers, remoteAddress });
}

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  location: string;
  geo: [number, number] | null;
  start: string;
  end: string;
  sequence: number;
  lastModified: string;
  stamp: string;
  alarmTrigger: string | null;
}

/** The VEVENTs of a feed, by start, as ical.js reads them. */
function parseEvents(body: string): { calendar: ICAL.Component; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const alarm = component.getFirstSubcomponent('valarm');
    const geo = component.getFirstPropertyValue('geo') as [number, number] | null;
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      geo,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      sequence: event.sequence,
      lastModified: (component.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().toISOString(),
      stamp: (component.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString(),
      alarmTrigger: alarm ? String(alarm.getFirstPropertyValue('trigger')) : null,
    };
  });
  return { calendar, events: events.sort((a, b) => a.start.localeCompare(b.start)) };
}

async function eventsOf(url: string): Promise<ParsedEvent[]> {
  const response = await readFeed(url);
  expect(response.statusCode, response.body).toBe(200);
  return parseEvents(response.body).events;
}

describe("a tanod's calendar feed", () => {
  it('holds their shifts as VEVENTs a calendar parser reads back: area, point, times in UTC, the 30-minute reminder, a repeat expanded, a cancelled occurrence gone', async () => {
    const tanod = await person(ctx, 'tanod', { firstName: 'Lito', lastName: 'Ramos' });
    const crewmate = await person(ctx, 'tanod', { firstName: 'Bea', lastName: 'Cruzado' });
    const area = await createArea(ctx, admin, square(14.7, 121.0));
    // A single custom shift with notes that need escaping and folding.
    const notes = 'Bring the flashlight, radio; check the gate at Purok 3 — and the long lane behind the chapel near the creek';
    const [single] = await createSchedule(ctx, admin, {
      shift: 'custom',
      startsAt: '2026-06-02T20:00:00+08:00',
      endsAt: '2026-06-02T23:00:00+08:00',
      patrolAreaId: area._id,
      members: [
        { tanodId: tanod.id, isLeader: true },
        { tanodId: crewmate.id, isLeader: false },
      ],
      notes,
    });
    // Day shifts every Monday and Thursday for two weeks: four occurrences, one then cancelled.
    const series = await createSchedule(ctx, admin, {
      shift: 'day',
      startsAt: '2026-06-08T06:00:00+08:00',
      patrolAreaId: area._id,
      members: [{ tanodId: tanod.id, isLeader: true }],
      repeat: { weekdays: [1, 4], until: '2026-06-18' },
    });
    expect(series).toHaveLength(4);
    const cancelled = series[2]!;
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/schedules/${cancelled._id}?scope=one`, headers: bearer(admin.token) });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const feed = await createFeed(tanod);
    expect(feed.url).toMatch(/^https:\/\/bantay\.example\.ph\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcalUrl).toBe(feed.url.replace(/^https:/, 'webcal:'));

    const response = await readFeed(feed.url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    expect(response.headers.etag).toMatch(/^W\/".+"$/);
    // RFC 5545 §3.1: lines end in CRLF and are folded at 75 octets.
    expect(response.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const { calendar, events } = parseEvents(response.body);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Asia/Manila');
    expect(events.map((event) => [event.start, event.end])).toEqual([
      ['2026-06-02T12:00:00.000Z', '2026-06-02T15:00:00.000Z'],
      ['2026-06-07T22:00:00.000Z', '2026-06-08T10:00:00.000Z'],
      ['2026-06-10T22:00:00.000Z', '2026-06-11T10:00:00.000Z'],
      // The third occurrence (Monday 15 June) was cancelled.
      ['2026-06-17T22:00:00.000Z', '2026-06-18T10:00:00.000Z'],
    ]);
    expect(events.map((event) => event.uid)).toEqual([single!._id, series[0]!._id, series[1]!._id, series[3]!._id].map((id) => `${id}@bantay.example.ph`));
    const [first, second] = events;
    expect(first).toMatchObject({ summary: `Patrol: ${area.name}`, location: `${area.name}, ${await settingsName()}`, alarmTrigger: '-PT30M' });
    expect(first!.geo).toEqual([14.705, 121.005]);
    expect(first!.description).toContain(single!.code);
    expect(first!.description).toContain('You lead this patrol.');
    // Escaped and folded by the writer, unfolded and unescaped by the parser: the admin's words intact.
    expect(first!.description).toContain(`Notes: ${notes}`);
    expect(second).toMatchObject({ summary: `Patrol: ${area.name} (day shift)`, alarmTrigger: '-PT30M' });
    // The crewmate's name is theirs, not part of this person's feed.
    expect(response.body).not.toMatch(/Cruzado|Bea/);
  });

  it('keeps each occurrence\'s UID across reads and changes, raises SEQUENCE and LAST-MODIFIED on a change, answers 304 while nothing changed', async () => {
    const tanod = await person(ctx);
    const area = await createArea(ctx, admin, square(14.72, 121.02));
    const start = new Date(clock.now().getTime() + 3 * DAY);
    const schedule = await scheduleFor(ctx, admin, area, [tanod], start, new Date(start.getTime() + 4 * 3_600_000));
    const feed = await createFeed(tanod);

    const firstRead = await readFeed(feed.url);
    const [before] = parseEvents(firstRead.body).events;
    const again = await readFeed(feed.url, { 'if-none-match': firstRead.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Written from what is stored, not from the clock: a later read of the same schedule is the same body.
    clock.advance(60_000);
    expect((await readFeed(feed.url)).body).toBe(firstRead.body);

    clock.advance(60_000);
    const edited = await ctx.app.inject({ method: 'PATCH', url: `/api/schedules/${schedule._id}`, headers: bearer(admin.token), payload: { notes: 'Use the north gate' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const changed = await readFeed(feed.url, { 'if-none-match': firstRead.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    const [after] = parseEvents(changed.body).events;
    expect(after!.uid).toBe(before!.uid);
    expect(after!.sequence).toBeGreaterThan(before!.sequence);
    expect(after!.lastModified > before!.lastModified).toBe(true);
    expect(after!.stamp).toBe(after!.lastModified);
    expect(after!.description).toContain('Notes: Use the north gate');
  });

  it("never holds another tanod's shifts", async () => {
    const mine = await person(ctx);
    const theirs = await person(ctx, 'tanod', { firstName: 'Other', lastName: 'Tanodperson' });
    const myArea = await createArea(ctx, admin, square(14.74, 121.04));
    const theirArea = await createArea(ctx, admin, square(14.76, 121.06));
    const start = new Date(clock.now().getTime() + 5 * DAY);
    const end = new Date(start.getTime() + 2 * 3_600_000);
    const myShift = await scheduleFor(ctx, admin, myArea, [mine], start, end);
    const theirShift = await scheduleFor(ctx, admin, theirArea, [theirs], start, end);
    const myFeed = await createFeed(mine);
    const theirFeed = await createFeed(theirs);

    const myBody = (await readFeed(myFeed.url)).body;
    expect(parseEvents(myBody).events.map((event) => event.uid)).toEqual([`${myShift._id}@bantay.example.ph`]);
    expect(myBody).not.toContain(theirShift._id);
    expect(myBody).not.toContain(theirShift.code);
    expect(myBody).not.toContain(theirArea.name);
    expect(myBody).not.toContain('Tanodperson');
    expect(parseEvents((await readFeed(theirFeed.url)).body).events.map((event) => event.uid)).toEqual([`${theirShift._id}@bantay.example.ph`]);
  });

  it('covers 30 days back to 90 days ahead: older and later shifts are left out', async () => {
    const tanod = await person(ctx);
    const area = await createArea(ctx, admin, square(14.78, 121.08));
    const hour = 3_600_000;
    const base = clock.now().getTime();
    const soon = await scheduleFor(ctx, admin, area, [tanod], new Date(base + DAY), new Date(base + DAY + hour));
    const far = await scheduleFor(ctx, admin, area, [tanod], new Date(base + 100 * DAY), new Date(base + 100 * DAY + hour));
    const feed = await createFeed(tanod);
    expect((await eventsOf(feed.url)).map((event) => event.uid)).toEqual([`${soon._id}@bantay.example.ph`]);

    // Forty days on, the first shift ended more than 30 days ago and the far one is within 90 days.
    const now = clock.now();
    clock.set(new Date(base + 40 * DAY));
    try {
      expect((await eventsOf(feed.url)).map((event) => event.uid)).toEqual([`${far._id}@bantay.example.ph`]);
    } finally {
      clock.set(now);
    }
  });

  it('is written in the tanod\'s language', async () => {
    const tanod = await person(ctx);
    await updateUser(ctx.deps.db, tanod.id, { language: 'fil' });
    const area = await createArea(ctx, admin, square(14.8, 121.1));
    const start = new Date(clock.now().getTime() + 2 * DAY);
    await createSchedule(ctx, admin, { shift: 'night', startsAt: start.toISOString(), patrolAreaId: area._id, members: [{ tanodId: tanod.id, isLeader: true }] });
    const feed = await createFeed(tanod);
    const [event] = await eventsOf(feed.url);
    expect(event!.summary).toBe(`Ronda: ${area.name} (panggabing shift)`);
  });
});

describe('a feed stops', () => {
  it('when replaced: the old address answers 404, the new one the calendar', async () => {
    const tanod = await person(ctx);
    const old = await createFeed(tanod);
    const replacement = await createFeed(tanod);
    expect(replacement.url).not.toBe(old.url);
    const gone = await readFeed(old.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json<ApiErrorBody>().error.code).toBe('NOT_FOUND');
    expect((await readFeed(replacement.url)).statusCode).toBe(200);
  });

  it('when the tanod stops it: 404 from then on, and the status says so', async () => {
    const tanod = await person(ctx);
    const feed = await createFeed(tanod);
    const status = () => ctx.app.inject({ method: 'GET', url: '/api/account/calendar-feed', headers: bearer(tanod.token) }).then((response) => response.json<CalendarFeedStatus>());
    expect(await status()).toEqual({ active: true, createdAt: clock.now().toISOString() });
    const stopped = await ctx.app.inject({ method: 'DELETE', url: '/api/account/calendar-feed', headers: bearer(tanod.token) });
    expect(stopped.statusCode).toBe(204);
    expect((await readFeed(feed.url)).statusCode).toBe(404);
    expect(await status()).toEqual({ active: false, createdAt: null });
    // Stopping none is no error.
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/account/calendar-feed', headers: bearer(tanod.token) })).statusCode).toBe(204);
  });

  it('when the account is deactivated, and stays stopped once it is reactivated', async () => {
    const tanod = await person(ctx);
    const feed = await createFeed(tanod);
    const deactivated = await ctx.app.inject({ method: 'POST', url: `/api/users/${tanod.id}/deactivate`, headers: bearer(admin.token) });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await readFeed(feed.url)).statusCode).toBe(404);
    const rows = await query<{ count: number }>(ctx, sql`select count(*)::int as count from calendar_feeds where user_id = ${tanod.id}`);
    expect(rows[0]!.count).toBe(0);
    const reactivated = await ctx.app.inject({ method: 'POST', url: `/api/users/${tanod.id}/reactivate`, headers: bearer(admin.token) });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect((await readFeed(feed.url)).statusCode).toBe(404);
  });

  it('when the account row is deleted (the foreign key cascades)', async () => {
    const tanod = await person(ctx);
    const feed = await createFeed(tanod);
    await query(ctx, sql`delete from users where id = ${tanod.id}`);
    expect((await readFeed(feed.url)).statusCode).toBe(404);
  });
});

describe('who may have a feed, and what an address without a live secret gets', () => {
  it('refuses residents and admins (403) and anonymous callers (401); only tanods have shifts', async () => {
    for (const userType of ['resident', 'admin', 'supadmin'] as const) {
      const who = await person(ctx, userType);
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await ctx.app.inject({ method, url: '/api/account/calendar-feed', headers: bearer(who.token) });
        expect(response.statusCode, `${userType} ${method}`).toBe(403);
      }
    }
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/account/calendar-feed' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 to an unknown token, a malformed name and a token without .ics, whoever asks', async () => {
    const tanod = await person(ctx);
    const feed = await createFeed(tanod);
    const token = /\/([A-Za-z0-9_-]{43})\.ics$/.exec(feed.url)![1]!;
    const unknown = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const file of [`${unknown}.ics`, token, `${token}.ics.bak`, 'x.ics', '..%2F..%2Fetc%2Fpasswd']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/calendar-feeds/${file}`, headers: bearer(tanod.token) });
      expect(response.statusCode, file).toBe(404);
      expect(response.json<ApiErrorBody>().error.code).toBe('NOT_FOUND');
    }
  });

  it('limits the reads of one address to 120 a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) statuses.push((await readFeed('https://x/api/calendar-feeds/none.ics', {}, '198.51.100.9')).statusCode);
    expect(statuses.slice(0, 120).every((status) => status === 404)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});

async function settingsName(): Promise<string> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' });
  return response.json<{ name: string }>().name;
}
