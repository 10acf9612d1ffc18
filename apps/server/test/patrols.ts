import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { CreateScheduleRequest, PatrolArea, PatrolDetail, Polygon, Schedule, UserType } from '@bantay/shared';
import { bearer, createUser, signIn, type TestContext } from './harness.ts';

/** Factories for the patrol suites: areas, schedules and patrols made through the real API. */

export interface Person {
  id: string;
  token: string;
  firstName: string;
  lastName: string;
}

export async function person(ctx: TestContext, userType: UserType = 'tanod', overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(ctx, { userType, ...overrides });
  return { id: user.id, token: await signIn(ctx, user), firstName: user.firstName, lastName: user.lastName };
}

/** A square of `size` degrees (0.01° ≈ 1.1 km) with its south-west corner at (lat, lng). */
export function square(lat: number, lng: number, size = 0.01): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lng, lat],
        [lng + size, lat],
        [lng + size, lat + size],
        [lng, lat + size],
        [lng, lat],
      ],
    ],
  };
}

/** The middle of `square(lat, lng, size)`. */
export const centreOf = (lat: number, lng: number, size = 0.01) => ({ lat: lat + size / 2, lng: lng + size / 2 });

export async function createArea(ctx: TestContext, admin: Person, polygon: Polygon = square(14.7, 121.0)): Promise<PatrolArea> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/patrol-areas',
    headers: bearer(admin.token),
    payload: { name: `Area ${crypto.randomBytes(4).toString('hex')}`, color: '#1e88e5', polygon },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PatrolArea>();
}

export function postSchedule(ctx: TestContext, admin: Person, body: CreateScheduleRequest) {
  return ctx.app.inject({ method: 'POST', url: '/api/schedules', headers: bearer(admin.token), payload: body });
}

export async function createSchedule(ctx: TestContext, admin: Person, body: CreateScheduleRequest): Promise<Schedule[]> {
  const response = await postSchedule(ctx, admin, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ schedules: Schedule[] }>().schedules;
}

/** A custom schedule of the given members on the area, [startsAt, endsAt). */
export async function scheduleFor(ctx: TestContext, admin: Person, area: PatrolArea, members: Person[], startsAt: Date, endsAt: Date): Promise<Schedule> {
  const [schedule] = await createSchedule(ctx, admin, {
    shift: 'custom',
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    patrolAreaId: area._id,
    members: members.map((member, index) => ({ tanodId: member.id, isLeader: index === 0 })),
  });
  return schedule!;
}

export function postStart(ctx: TestContext, tanod: Person, scheduleId: string, position: { lat: number; lng: number; accuracy?: number }) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/patrols/start',
    headers: bearer(tanod.token),
    payload: { scheduleId, position: { accuracy: 10, ...position } },
  });
}

export async function startPatrol(ctx: TestContext, tanod: Person, scheduleId: string, position: { lat: number; lng: number }): Promise<PatrolDetail> {
  const response = await postStart(ctx, tanod, scheduleId, position);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PatrolDetail>();
}

export const minutes = (n: number) => n * 60_000;
