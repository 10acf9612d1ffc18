import type { UserType } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { hashSecret } from '../../lib/passwords.ts';
import { findUserByUsername, insertUser, updateUser } from '../users/users.repository.ts';

export const DEMO_PASSWORD = 'Bantay-demo-2026';

interface DemoStaff {
  username: string;
  userType: UserType;
  firstName: string;
  middleName?: string;
  lastName: string;
  phoneNumber: string;
  gender: string;
  isTeamLeader?: boolean;
}

export const DEMO_STAFF: DemoStaff[] = [
  { username: 'supadmin', userType: 'supadmin', firstName: 'Ma. Teresa', lastName: 'Villanueva', phoneNumber: '+639171230001', gender: 'female' },
  { username: 'admin', userType: 'admin', firstName: 'Jose Ramon', lastName: 'Bautista', phoneNumber: '+639171230002', gender: 'male' },
  { username: 'tanod1', userType: 'tanod', firstName: 'Juan', middleName: 'Santos', lastName: 'Dela Cruz', phoneNumber: '+639171230011', gender: 'male', isTeamLeader: true },
  { username: 'tanod2', userType: 'tanod', firstName: 'Maricel', lastName: 'Reyes', phoneNumber: '+639171230012', gender: 'female' },
  { username: 'tanod3', userType: 'tanod', firstName: 'Andres', lastName: 'Mendoza', phoneNumber: '+639171230013', gender: 'male' },
  { username: 'tanod4', userType: 'tanod', firstName: 'Rowena', lastName: 'Garcia', phoneNumber: '+639171230014', gender: 'female', isTeamLeader: true },
  { username: 'tanod5', userType: 'tanod', firstName: 'Paolo', lastName: 'Aquino', phoneNumber: '+639171230015', gender: 'male' },
];

/** Creates the demo staff, or resets their demo password when they exist (idempotent). */
export async function seedDemoStaff(deps: AppDeps): Promise<void> {
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  for (const staff of DEMO_STAFF) {
    const existing = await findUserByUsername(deps.db, staff.username);
    if (existing) {
      await updateUser(deps.db, existing.id, { passwordHash, status: 'active', lockedUntil: null, failedLoginCount: 0 });
      continue;
    }
    await insertUser(deps.db, {
      ...staff,
      email: `${staff.username}@bantay.local`,
      address: 'Barangay San Isidro, Quezon City',
      passwordHash,
    });
  }
}
