import crypto from 'node:crypto';
import {
  evaluations,
  incidents,
  inventoryItems,
  loans,
  locationPoints,
  patrolAreas,
  patrols,
  scheduleMembers,
  schedules,
} from '../src/db/schema/index.ts';
import type { TestContext } from './harness.ts';
import { person, square, type Person } from './patrols.ts';

/**
 * Fixture builders for the performance figures: rows written straight into the real database at
 * known instants, so every figure can be computed by hand. (The API that writes these rows in real
 * life is tested by its own suites; here only the arithmetic over them matters.)
 */

const MINUTE = 60_000;

/** An instant given as Manila wall-clock time (UTC+8, no daylight saving): `manila('2026-01-31 23:30')`. */
function manila(wallClock: string): Date {
  return new Date(`${wallClock.replace(' ', 'T')}:00+08:00`);
}

const hex = () => crypto.randomBytes(3).toString('hex').toUpperCase();

async function insertArea(ctx: TestContext): Promise<string> {
  const [row] = await ctx.deps.db
    .insert(patrolAreas)
    .values({ name: `Purok ${hex()}`, color: '#2563eb', polygon: square(14.0, 121.0, 0.05) })
    .returning({ id: patrolAreas.id });
  return row!.id;
}

/** A schedule with its members. */
async function insertSchedule(
  ctx: TestContext,
  areaId: string,
  startsAt: Date,
  endsAt: Date,
  memberIds: string[],
): Promise<string> {
  const [row] = await ctx.deps.db
    .insert(schedules)
    .values({ code: `SCH-${hex()}`, shift: 'custom', startsAt, endsAt, patrolAreaId: areaId })
    .returning({ id: schedules.id });
  await ctx.deps.db.insert(scheduleMembers).values(memberIds.map((tanodId) => ({ scheduleId: row!.id, tanodId })));
  return row!.id;
}

/** A member's patrol on a schedule: started (on time or late) and maybe ended, or absent. */
async function insertPatrol(
  ctx: TestContext,
  values: {
    scheduleId: string;
    tanodId: string;
    attendance: 'on_time' | 'late' | 'absent';
    startedAt?: Date;
    endedAt?: Date;
  },
): Promise<string> {
  const [row] = await ctx.deps.db
    .insert(patrols)
    .values({
      scheduleId: values.scheduleId,
      tanodId: values.tanodId,
      attendance: values.attendance,
      startedAt: values.startedAt ?? null,
      endedAt: values.endedAt ?? null,
    })
    .returning({ id: patrols.id });
  return row!.id;
}

/** Track points one minute apart from `from`, along the given [lat, lng] positions. */
async function insertTrack(
  ctx: TestContext,
  values: { userId: string; patrolId: string | null; from: Date; positions: [number, number][] },
): Promise<void> {
  await ctx.deps.db.insert(locationPoints).values(
    values.positions.map(([lat, lng], index) => {
      const at = new Date(values.from.getTime() + index * MINUTE);
      return { userId: values.userId, patrolId: values.patrolId, at, receivedAt: at, lat, lng, accuracy: 5 };
    }),
  );
}

/** Metres along a meridian for a change of latitude (the haversine of a north–south step). */
export const metresAlongMeridian = (degrees: number) => 6371008.8 * ((degrees * Math.PI) / 180);

/** An incident reported at `createdAt`, maybe responded to and resolved. */
async function insertIncident(
  ctx: TestContext,
  values: {
    createdAt: Date;
    responderId?: string;
    respondedAt?: Date;
    resolvedById?: string;
    resolvedAt?: Date;
  },
): Promise<string> {
  const status = values.resolvedAt ? 'resolved' : values.respondedAt ? 'in_progress' : 'pending';
  const [row] = await ctx.deps.db
    .insert(incidents)
    .values({
      ticket: `IR-${hex()}-${hex()}`,
      type: 'Theft',
      classification: 'normal',
      status,
      description: 'Fixture incident',
      occurredAt: values.createdAt,
      lat: 14.01,
      lng: 121.01,
      responderId: values.responderId ?? null,
      respondedAt: values.respondedAt ?? null,
      resolvedById: values.resolvedById ?? null,
      resolvedAt: values.resolvedAt ?? null,
      createdAt: values.createdAt,
      updatedAt: values.resolvedAt ?? values.respondedAt ?? values.createdAt,
    })
    .returning({ id: incidents.id });
  return row!.id;
}

async function insertRating(
  ctx: TestContext,
  values: { tanodId: string; rating: number; createdAt: Date; hidden?: boolean },
): Promise<void> {
  await ctx.deps.db.insert(evaluations).values({
    tanodId: values.tanodId,
    rating: values.rating,
    comment: 'Fixture rating',
    source: 'directory',
    hidden: values.hidden ?? false,
    createdAt: values.createdAt,
  });
}

/** A loan of one unit of a fresh fixture item, due at `dueAt`, maybe returned. */
async function insertLoan(
  ctx: TestContext,
  values: { borrowerId: string; borrowedAt: Date; dueAt: Date; returnedAt?: Date },
): Promise<void> {
  const [item] = await ctx.deps.db
    .insert(inventoryItems)
    .values({ name: `Radio ${hex()}`, category: 'communication', total: 5 })
    .returning({ id: inventoryItems.id });
  await ctx.deps.db.insert(loans).values({
    itemId: item!.id,
    borrowerId: values.borrowerId,
    quantity: 1,
    borrowedAt: values.borrowedAt,
    dueAt: values.dueAt,
    returnedAt: values.returnedAt ?? null,
    returnCondition: values.returnedAt ? 'good' : null,
  });
}

export interface PerformanceFixture {
  areaId: string;
  /** Ana Reyes: the busy tanod every figure is computed for by hand. */
  ana: Person;
  /** Ben Santos: absent once, one incident, one poor rating. */
  ben: Person;
  /** Carlo Cruz: active, did nothing. */
  carlo: Person;
  /** Dina Lim: deactivated (not ranked). */
  dina: Person;
  admin: Person;
  supadmin: Person;
}

/**
 * The hand-computed fixture (clock: 2027-01-10 12:00 Manila). Everything Ana did, with the figures
 * each period must show, is listed in performance.test.ts next to its expectation.
 */
export async function seedPerformanceFixture(ctx: TestContext): Promise<PerformanceFixture> {
  const ana = await person(ctx, 'tanod', { firstName: 'Ana', lastName: 'Reyes' });
  const ben = await person(ctx, 'tanod', { firstName: 'Ben', lastName: 'Santos' });
  const carlo = await person(ctx, 'tanod', { firstName: 'Carlo', lastName: 'Cruz' });
  const dina = await person(ctx, 'tanod', { firstName: 'Dina', lastName: 'Lim', status: 'deactivated' });
  const admin = await person(ctx, 'admin');
  const supadmin = await person(ctx, 'supadmin');
  const areaId = await insertArea(ctx);

  // --- January 2026 (Manila) ---
  // S1 Jan 5 08:00–16:00: Ana on time (8 h, track 14.00 → 14.01 → 14.02), Ben absent.
  const s1 = await insertSchedule(ctx, areaId, manila('2026-01-05 08:00'), manila('2026-01-05 16:00'), [
    ana.id,
    ben.id,
  ]);
  const p1 = await insertPatrol(ctx, {
    scheduleId: s1,
    tanodId: ana.id,
    attendance: 'on_time',
    startedAt: manila('2026-01-05 08:00'),
    endedAt: manila('2026-01-05 16:00'),
  });
  await insertTrack(ctx, {
    userId: ana.id,
    patrolId: p1,
    from: manila('2026-01-05 08:05'),
    positions: [
      [14.0, 121.0],
      [14.01, 121.0],
      [14.02, 121.0],
    ],
  });
  await insertPatrol(ctx, { scheduleId: s1, tanodId: ben.id, attendance: 'absent' });
  // S2 Jan 12: Ana 10 minutes late (7 h 50 min).
  const s2 = await insertSchedule(ctx, areaId, manila('2026-01-12 08:00'), manila('2026-01-12 16:00'), [ana.id]);
  await insertPatrol(ctx, {
    scheduleId: s2,
    tanodId: ana.id,
    attendance: 'late',
    startedAt: manila('2026-01-12 08:10'),
    endedAt: manila('2026-01-12 16:00'),
  });
  // S3 Jan 19: Ana absent.
  const s3 = await insertSchedule(ctx, areaId, manila('2026-01-19 08:00'), manila('2026-01-19 16:00'), [ana.id]);
  await insertPatrol(ctx, { scheduleId: s3, tanodId: ana.id, attendance: 'absent' });
  // S4 Jan 31 23:30 → Feb 1 03:30: on time, 4 h, track 14.000 → 14.005; it belongs to January.
  const s4 = await insertSchedule(ctx, areaId, manila('2026-01-31 23:30'), manila('2026-02-01 07:30'), [ana.id]);
  const p4 = await insertPatrol(ctx, {
    scheduleId: s4,
    tanodId: ana.id,
    attendance: 'on_time',
    startedAt: manila('2026-01-31 23:30'),
    endedAt: manila('2026-02-01 03:30'),
  });
  await insertTrack(ctx, {
    userId: ana.id,
    patrolId: p4,
    from: manila('2026-01-31 23:40'),
    positions: [
      [14.0, 121.0],
      [14.005, 121.0],
    ],
  });
  // Tracking outside any patrol is not distance patrolled.
  await insertTrack(ctx, {
    userId: ana.id,
    patrolId: null,
    from: manila('2026-01-20 10:00'),
    positions: [
      [14.0, 121.0],
      [14.1, 121.0],
    ],
  });

  // Incidents: responded in 6, 10 and 20 minutes; resolved in 60 and 120 minutes.
  await insertIncident(ctx, {
    createdAt: manila('2026-01-05 10:00'),
    responderId: ana.id,
    respondedAt: manila('2026-01-05 10:06'),
    resolvedById: ana.id,
    resolvedAt: manila('2026-01-05 11:00'),
  });
  await insertIncident(ctx, {
    createdAt: manila('2026-01-12 12:00'),
    responderId: ana.id,
    respondedAt: manila('2026-01-12 12:10'),
    resolvedById: ana.id,
    resolvedAt: manila('2026-01-12 14:00'),
  });
  await insertIncident(ctx, {
    createdAt: manila('2026-01-31 23:00'),
    responderId: ana.id,
    respondedAt: manila('2026-01-31 23:20'),
  });
  // Reported Jan 31 23:40, responded Feb 1 00:10 (30 min), resolved Feb 1 01:00 (80 min): February's.
  await insertIncident(ctx, {
    createdAt: manila('2026-01-31 23:40'),
    responderId: ana.id,
    respondedAt: manila('2026-02-01 00:10'),
    resolvedById: ana.id,
    resolvedAt: manila('2026-02-01 01:00'),
  });
  // Ben: responded in 30, resolved in 60 minutes.
  await insertIncident(ctx, {
    createdAt: manila('2026-01-20 09:00'),
    responderId: ben.id,
    respondedAt: manila('2026-01-20 09:30'),
    resolvedById: ben.id,
    resolvedAt: manila('2026-01-20 10:00'),
  });

  // Ratings: 5, 4, 4 count; the hidden 1 does not; the 3 of Feb 1 00:30 is February's.
  await insertRating(ctx, { tanodId: ana.id, rating: 5, createdAt: manila('2026-01-06 09:00') });
  await insertRating(ctx, { tanodId: ana.id, rating: 4, createdAt: manila('2026-01-13 09:00') });
  await insertRating(ctx, { tanodId: ana.id, rating: 4, createdAt: manila('2026-01-31 23:59') });
  await insertRating(ctx, { tanodId: ana.id, rating: 1, createdAt: manila('2026-01-14 09:00'), hidden: true });
  await insertRating(ctx, { tanodId: ana.id, rating: 3, createdAt: manila('2026-02-01 00:30') });
  await insertRating(ctx, { tanodId: ben.id, rating: 2, createdAt: manila('2026-01-21 09:00') });

  // Loans due in January: on time, an hour late, never returned. February's: on time.
  await insertLoan(ctx, {
    borrowerId: ana.id,
    borrowedAt: manila('2026-01-05 07:00'),
    dueAt: manila('2026-01-05 16:00'),
    returnedAt: manila('2026-01-05 15:30'),
  });
  await insertLoan(ctx, {
    borrowerId: ana.id,
    borrowedAt: manila('2026-01-12 07:00'),
    dueAt: manila('2026-01-12 16:00'),
    returnedAt: manila('2026-01-12 17:00'),
  });
  await insertLoan(ctx, {
    borrowerId: ana.id,
    borrowedAt: manila('2026-01-20 07:00'),
    dueAt: manila('2026-01-20 16:00'),
  });
  await insertLoan(ctx, {
    borrowerId: ana.id,
    borrowedAt: manila('2026-02-03 07:00'),
    dueAt: manila('2026-02-03 16:00'),
    returnedAt: manila('2026-02-03 15:00'),
  });

  // --- February 2026: S5 Feb 1 00:00–08:00, on time, 4 h, track 14.000 → 14.003. ---
  const s5 = await insertSchedule(ctx, areaId, manila('2026-02-01 00:00'), manila('2026-02-01 08:00'), [ana.id]);
  const p5 = await insertPatrol(ctx, {
    scheduleId: s5,
    tanodId: ana.id,
    attendance: 'on_time',
    startedAt: manila('2026-02-01 00:00'),
    endedAt: manila('2026-02-01 04:00'),
  });
  await insertTrack(ctx, {
    userId: ana.id,
    patrolId: p5,
    from: manila('2026-02-01 00:10'),
    positions: [
      [14.0, 121.0],
      [14.003, 121.0],
    ],
  });

  // --- The year's edge: 2026-12-31 16:30Z is 2027-01-01 00:30 in Manila. ---
  const s7 = await insertSchedule(ctx, areaId, new Date('2026-12-31T16:30:00Z'), new Date('2026-12-31T20:30:00Z'), [
    ana.id,
  ]);
  await insertPatrol(ctx, {
    scheduleId: s7,
    tanodId: ana.id,
    attendance: 'on_time',
    startedAt: new Date('2026-12-31T16:30:00Z'),
    endedAt: new Date('2026-12-31T20:30:00Z'),
  });
  // Reported Dec 31 23:00, responded 23:50 (December, 50 min), resolved Jan 1 00:30 (2027, 90 min).
  await insertIncident(ctx, {
    createdAt: manila('2026-12-31 23:00'),
    responderId: ana.id,
    respondedAt: manila('2026-12-31 23:50'),
    resolvedById: ana.id,
    resolvedAt: new Date('2026-12-31T16:30:00Z'),
  });
  // A shift later this month has not happened yet: not scheduled-and-missed.
  await insertSchedule(ctx, areaId, manila('2027-01-20 08:00'), manila('2027-01-20 16:00'), [ana.id]);

  // Carlo is on patrol right now (since 11:00, an hour ago): counted live, 0.002° of track so far.
  const s8 = await insertSchedule(ctx, areaId, manila('2027-01-10 11:00'), manila('2027-01-10 19:00'), [carlo.id]);
  const p8 = await insertPatrol(ctx, {
    scheduleId: s8,
    tanodId: carlo.id,
    attendance: 'on_time',
    startedAt: manila('2027-01-10 11:00'),
  });
  await insertTrack(ctx, {
    userId: carlo.id,
    patrolId: p8,
    from: manila('2027-01-10 11:05'),
    positions: [
      [14.0, 121.0],
      [14.002, 121.0],
    ],
  });

  return { areaId, ana, ben, carlo, dina, admin, supadmin };
}
