import type { AppDeps } from '../../deps.ts';
import { hashSecret } from '../../lib/passwords.ts';
import { findResidentByPhone } from '../residents/residents.repository.ts';
import { insertUser, updateUser } from '../users/users.repository.ts';

export const DEMO_RESIDENT_PIN = '482916';

export const DEMO_RESIDENTS = [
  {
    firstName: 'Lorna',
    middleName: 'Pascual',
    lastName: 'Ramos',
    phoneNumber: '+639170000001',
    email: 'lorna.ramos@bantay.local',
    birthday: '1979-09-14',
    address: '27 Sampaguita St., Purok 2, Barangay San Isidro',
    gender: 'female',
    // Her home is pinned: a text or a missed call from her number is placed there (decision 032).
    homePurok: 'Purok 2 (Silangan)',
    homeLat: 14.7391,
    homeLng: 121.0571,
  },
  {
    firstName: 'Emmanuel',
    middleName: 'de Guzman',
    lastName: 'Tolentino',
    phoneNumber: '+639170000002',
    email: 'emman.tolentino@bantay.local',
    birthday: '1994-02-03',
    address: 'Blk 5 Lot 12, Narra St., Purok 5, Barangay San Isidro',
    gender: 'male',
    // A purok without a pin: his texts are placed at the purok's centre.
    homePurok: 'Purok 4 (Kanluran)',
    homeLat: null,
    homeLng: null,
  },
] as const;

/** Creates the demo residents, or resets their PIN and lockout when they exist (idempotent). Returns their ids. */
export async function seedDemoResidents(deps: AppDeps): Promise<string[]> {
  const pinHash = await hashSecret(DEMO_RESIDENT_PIN);
  const ids: string[] = [];
  for (const resident of DEMO_RESIDENTS) {
    const existing = await findResidentByPhone(deps.db, resident.phoneNumber);
    if (existing) {
      await updateUser(deps.db, existing.id, {
        pinHash,
        status: 'active',
        lockedUntil: null,
        failedLoginCount: 0,
        homePurok: resident.homePurok,
        homeLat: resident.homeLat,
        homeLng: resident.homeLng,
      });
      ids.push(existing.id);
      continue;
    }
    const row = await insertUser(deps.db, { ...resident, userType: 'resident', pinHash });
    ids.push(row.id);
  }
  return ids;
}
