import { msg } from '@lingui/core/macro';
import { middleOf, type PublicPuroks, type ResidentHome, type residentHomeRequestSchema } from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { findPatrolAreaByName, listActivePatrolAreaNames } from '../patrol-areas/index.ts';
import { findUserById, updateUser } from '../users/index.ts';
import { findResidentByPhone } from './residents.repository.ts';

/**
 * A resident's home (docs/decisions/032-the-text-line.md): where a text or a missed call from their
 * number becomes a report. Their pin, else the centre of the active patrol area named like their
 * purok; without either Bantay cannot place them and their texts go to the admins' inbox.
 */
export interface HomePlace {
  lat: number;
  lng: number;
  purok: string | null;
  /** True for the resident's own pin, false for the purok's centre. */
  pinned: boolean;
}

type HomeFields = Pick<UserRow, 'homePurok' | 'homeLat' | 'homeLng'>;

export async function homePlaceOf(db: Executor, user: HomeFields): Promise<HomePlace | null> {
  if (user.homeLat !== null && user.homeLng !== null) return { lat: user.homeLat, lng: user.homeLng, purok: user.homePurok, pinned: true };
  if (!user.homePurok) return null;
  const area = await findPatrolAreaByName(db, user.homePurok);
  if (!area?.active) return null;
  // A point inside the outline even when the purok is bent: the report is placed there, and a
  // tanod reads the purok's name on it anyway.
  const middle = middleOf(area.polygon);
  return middle ? { ...middle, purok: area.name, pinned: false } : null;
}

/** An active resident with this mobile number (E.164): the number was proved by the sign-up code. */
export async function findVerifiedResident(db: Executor, phoneNumber: string): Promise<UserRow | undefined> {
  const user = await findResidentByPhone(db, phoneNumber);
  return user?.status === 'active' ? user : undefined;
}

async function presentHome(db: Executor, user: HomeFields): Promise<ResidentHome> {
  return {
    homePurok: user.homePurok,
    homePin: user.homeLat !== null && user.homeLng !== null ? { lat: user.homeLat, lng: user.homeLng } : null,
    hasHome: (await homePlaceOf(db, user)) !== null,
  };
}

type HomeInput = z.output<typeof residentHomeRequestSchema>;

/** `PUT /api/residents/me/home`. */
export async function setResidentHome(deps: AppDeps, actor: Actor, input: HomeInput): Promise<ResidentHome> {
  const user = await findUserById(deps.db, actor.id);
  if (!user || user.userType !== 'resident') throw notFound(msg`User not found`);
  if (input.homePin && !input.homePurok) {
    throw new AppError('VALIDATION_FAILED', msg`Choose your purok`, { fields: [{ field: 'homePurok', message: msg`Choose your purok` }] });
  }
  const fields: HomeFields = { homePurok: input.homePurok, homeLat: input.homePin?.lat ?? null, homeLng: input.homePin?.lng ?? null };
  await updateUser(deps.db, user.id, { ...fields, updatedAt: deps.clock.now() });
  deps.events.publish('users.changed', { userIds: [user.id] });
  return presentHome(deps.db, fields);
}

/** `GET /api/residents/me/home`. */
export async function getResidentHome(deps: AppDeps, actor: Actor): Promise<ResidentHome> {
  const user = await findUserById(deps.db, actor.id);
  if (!user || user.userType !== 'resident') throw notFound(msg`User not found`);
  return presentHome(deps.db, user);
}

/** `GET /api/public/puroks`. */
export async function listPuroks(deps: AppDeps): Promise<PublicPuroks> {
  return { puroks: (await listActivePatrolAreaNames(deps.db)).map((name) => ({ name })) };
}
