import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatrolArea, Schedule } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createSchedule, person, square, type Person } from '../../../test/patrols.ts';
import { parseCsv, pdfPageCount, pdfText as pdfLatin1Text } from '../../../test/report-files.ts';

let ctx: TestContext;
// 08:00 in Manila on Monday 1 June 2026.
const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
let admin: Person;
let ana: Person;
let ben: Person;
let carla: Person;
let dan: Person;
let purok1: PatrolArea;
let purok2: PatrolArea;
let dayShift: Schedule;
let nightShift: Schedule;
let longShift: Schedule;

/** pdfText reads WinAnsi as Latin-1; WinAnsi's 0x96 is the en dash, 0x97 the em dash. */
const pdfText = (pdf: Buffer) => pdfLatin1Text(pdf).replaceAll('\u0096', '–').replaceAll('\u0097', '—');

async function area(name: string, lat: number): Promise<PatrolArea> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/patrol-areas',
    headers: bearer(admin.token),
    payload: { name, color: '#1e88e5', polygon: square(lat, 121.0) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PatrolArea>();
}

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await person(ctx, 'admin', { firstName: 'Alma', lastName: 'Santos' });
  ana = await person(ctx, 'tanod', { firstName: 'Ana', lastName: 'Reyes' });
  ben = await person(ctx, 'tanod', { firstName: 'Ben', lastName: 'Cruz' });
  carla = await person(ctx, 'tanod', { firstName: 'Carla', lastName: 'Diaz' });
  dan = await person(ctx, 'tanod', { firstName: 'Dan', lastName: 'Lim' });
  purok1 = await area('Purok 1', 14.7);
  purok2 = await area('Purok 2', 14.72);
  const member = (who: Person, isLeader = false) => ({ tanodId: who.id, isLeader });
  [dayShift] = await createSchedule(ctx, admin, {
    shift: 'day',
    startsAt: '2026-06-02T08:00:00+08:00',
    patrolAreaId: purok1._id,
    members: [member(carla), member(ana, true), member(ben)],
    notes: 'Bring radios',
  }) as [Schedule];
  [nightShift] = await createSchedule(ctx, admin, { shift: 'night', startsAt: '2026-06-02T19:00:00+08:00', patrolAreaId: purok2._id, members: [member(dan)] }) as [Schedule];
  [longShift] = await createSchedule(ctx, admin, {
    shift: 'custom',
    startsAt: '2026-06-05T20:00:00+08:00',
    endsAt: '2026-06-07T02:00:00+08:00',
    patrolAreaId: purok1._id,
    members: [member(carla, true), member(ana)],
  }) as [Schedule];
  // Outside the week: the night before it began (it ends on its first morning) and the Monday after.
  await createSchedule(ctx, admin, { shift: 'night', startsAt: '2026-05-31T19:00:00+08:00', patrolAreaId: purok2._id, members: [member(ben)] });
  await createSchedule(ctx, admin, { shift: 'day', startsAt: '2026-06-08T08:00:00+08:00', patrolAreaId: purok1._id, members: [member(ana)] });
});
afterAll(() => ctx.close());

const WEEK = 'from=2026-06-01&to=2026-06-07';
const get = (url: string, token: string | null) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('the roster as CSV', () => {
  it('lists the shifts starting in the week, one row per shift, with leader and members by name', async () => {
    const response = await get(`/api/schedules/roster.csv?${WEEK}`, admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="roster-2026-06-01-to-2026-06-07.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(response.body.slice(1))).toEqual([
      ['Date', 'Day', 'Shift', 'Start', 'End', 'Area', 'Schedule', 'Team leader', 'Members', 'Notes'],
      ['2026-06-02', 'Tue', 'Day', '06:00', '18:00', 'Purok 1', dayShift.code, 'Ana Reyes', 'Ben Cruz; Carla Diaz', 'Bring radios'],
      ['2026-06-02', 'Tue', 'Night', '18:00', '06:00 (next day)', 'Purok 2', nightShift.code, 'Dan Lim', '', ''],
      ['2026-06-05', 'Fri', 'Custom', '20:00', '2026-06-07 02:00', 'Purok 1', longShift.code, 'Carla Diaz', 'Ana Reyes', ''],
    ]);
  });

  it('an admin narrows it to one area or one tanod', async () => {
    const byArea = parseCsv((await get(`/api/schedules/roster.csv?${WEEK}&areaId=${purok2._id}`, admin.token)).body.slice(1));
    expect(byArea.slice(1).map((row) => row[6])).toEqual([nightShift.code]);
    const byTanod = parseCsv((await get(`/api/schedules/roster.csv?${WEEK}&tanodId=${ana.id}`, admin.token)).body.slice(1));
    expect(byTanod.slice(1).map((row) => row[6])).toEqual([dayShift.code, longShift.code]);
  });

  it('a tanod gets their own shifts only, and may not ask for another tanod’s', async () => {
    const mine = parseCsv((await get(`/api/schedules/roster.csv?${WEEK}`, carla.token)).body.slice(1));
    expect(mine.slice(1).map((row) => row[6])).toEqual([dayShift.code, longShift.code]);
    const theirs = await get(`/api/schedules/roster.csv?${WEEK}&tanodId=${dan.id}`, carla.token);
    expect(theirs.statusCode).toBe(403);
    expect((await get(`/api/schedules/roster.csv?${WEEK}&tanodId=${carla.id}`, carla.token)).statusCode).toBe(200);
  });
});

describe('the roster as PDF', () => {
  it('prints the header, the shifts by day with every name, the empty days and the shifts per tanod', async () => {
    const response = await get(`/api/schedules/roster.pdf?${WEEK}`, admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="roster-2026-06-01-to-2026-06-07.pdf"');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdfPageCount(pdf);
    const text = pdfText(pdf);
    for (const line of [
      'Duty roster',
      'Monday, June 1, 2026 to Sunday, June 7, 2026 (Asia/Manila) · 3 shifts',
      'Generated at Jun 1, 2026, 08:00 (Asia/Manila)',
      'No shift on Mon, Jun 1; Wed, Jun 3; Thu, Jun 4; Sat, Jun 6; Sun, Jun 7.',
      'Tue, Jun 2',
      '06:00–18:00',
      '18:00–06:00 (next day)',
      'Ben Cruz, Carla Diaz',
      'Bring radios',
      'Fri, Jun 5',
      // The time column wraps the date of a shift that ends two days on.
      '20:00–2026-06-07',
      'Shifts per tanod',
      `Page 1 of ${pages}`,
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('Jun 8');
    expect(text).not.toContain('May 31');
  });

  it('a month with three shifts a day runs over pages numbered to the last', async () => {
    for (const [index, name] of ['Purok 3', 'Purok 4', 'Purok 5'].entries()) {
      const busy = await person(ctx, 'tanod', { firstName: `Busy${index}`, lastName: 'Tan' });
      await createSchedule(ctx, admin, {
        shift: 'day',
        startsAt: '2026-07-01T08:00:00+08:00',
        patrolAreaId: (await area(name, 14.74 + index * 0.02))._id,
        members: [{ tanodId: busy.id, isLeader: true }],
        repeat: { weekdays: [0, 1, 2, 3, 4, 5, 6], until: '2026-07-31' },
      });
    }
    const pdf = (await get('/api/schedules/roster.pdf?from=2026-07-01&to=2026-07-31', admin.token)).rawPayload;
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(2);
    const text = pdfText(pdf);
    expect(text).toContain('93 shifts');
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // A day that runs onto the next page is named again there.
    expect(text).toContain('(cont.)');
  });

  it('days without shifts still make a roster that says so', async () => {
    const text = pdfText((await get('/api/schedules/roster.pdf?from=2027-01-04&to=2027-01-10', admin.token)).rawPayload);
    expect(text).toContain('No shifts are scheduled on these days.');
  });
});

describe('in Filipino (decision 029)', () => {
  const inFilipino = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { ...bearer(admin.token), cookie: 'bantay_lang=fil' } });

  it('the CSV has its headings, shift words and weekdays in Filipino, the data as stored', async () => {
    const rows = parseCsv((await inFilipino(`/api/schedules/roster.csv?${WEEK}`)).body.slice(1));
    expect(rows[0]).toEqual(['Petsa', 'Araw', 'Shift', 'Simula', 'Katapusan', 'Lugar', 'Iskedyul', 'Team leader', 'Mga miyembro', 'Mga tala']);
    expect(rows[1]).toEqual(['2026-06-02', 'Mar', 'Araw', '06:00', '18:00', 'Purok 1', dayShift.code, 'Ana Reyes', 'Ben Cruz; Carla Diaz', 'Bring radios']);
    expect(rows[2]?.slice(1, 5)).toEqual(['Mar', 'Gabi', '18:00', '06:00 (kinabukasan)']);
  });

  it('the PDF reads in Filipino, its days and months the Filipino way', async () => {
    const pdf = (await inFilipino(`/api/schedules/roster.pdf?${WEEK}`)).rawPayload;
    const pages = pdfPageCount(pdf);
    const text = pdfText(pdf);
    for (const line of [
      'Roster ng duty',
      'Lunes, Hunyo 1, 2026 hanggang Linggo, Hunyo 7, 2026 (Asia/Manila) · 3 shift',
      'Ginawa noong Hun 1, 2026, 08:00 (Asia/Manila)',
      'Walang shift sa Lun, Hun 1; Miy, Hun 3; Huw, Hun 4; Sab, Hun 6; Lin, Hun 7.',
      '(kinabukasan)',
      'Mga shift bawat tanod',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('Generated at');
    expect(text).not.toContain(`Page 1 of ${pages}`);
  });
});

describe('refusals', () => {
  it('needs a staff sign-in', async () => {
    expect((await get(`/api/schedules/roster.pdf?${WEEK}`, null)).statusCode).toBe(401);
    const resident = await person(ctx, 'resident');
    expect((await get(`/api/schedules/roster.csv?${WEEK}`, resident.token)).statusCode).toBe(403);
  });

  it('malformed or missing days and ids answer 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['to=2026-06-07', 'from'],
      ['from=2026-06-01', 'to'],
      ['from=June 1&to=2026-06-07', 'from'],
      ['from=2026-06-01&to=2026-02-30', 'to'],
      ['from=2026-06-07&to=2026-06-01', 'to'],
      ['from=2026-06-01&to=2026-07-02', 'to'],
      [`${WEEK}&areaId=purok-1`, 'areaId'],
      [`${WEEK}&tanodId=42`, 'tanodId'],
    ];
    for (const [search, field] of cases) {
      const response = await get(`/api/schedules/roster.csv?${search}`, admin.token);
      expect({ search, status: response.statusCode }).toEqual({ search, status: 400 });
      expect(response.json().error.fields[0].field).toBe(field);
    }
    // A month of 31 days is the most.
    expect((await get('/api/schedules/roster.csv?from=2026-07-01&to=2026-07-31', admin.token)).statusCode).toBe(200);
  });
});
