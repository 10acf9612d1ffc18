import type { CurrentUser, StaffUser, UserSummary } from '@bantay/shared';
import type { UserRow } from '../../db/schema/index.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The signed-in user's own view. Hashes and lockout counters never leave the server. */
export function presentCurrentUser(row: UserRow, extra: { hasUnreadNotifications: boolean }): CurrentUser {
  return {
    _id: row.id,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    username: row.username,
    email: row.email,
    phoneNumber: row.phoneNumber,
    userType: row.userType,
    profilePicture: row.profilePicture,
    isTeamLeader: row.isTeamLeader,
    status: row.status,
    twoFactorEnabled: row.twoFactorEnabled,
    isOnline: row.isOnline,
    lastActive: iso(row.lastActive),
    address: row.address,
    birthday: row.birthday,
    gender: row.gender,
    hasUnreadNotifications: extra.hasUnreadNotifications,
    mustChangePassword: row.mustChangePassword,
    language: row.language,
    // A resident's home (docs/decisions/032-the-text-line.md); staff have none.
    ...(row.userType === 'resident'
      ? { homePurok: row.homePurok, homePin: row.homeLat !== null && row.homeLng !== null ? { lat: row.homeLat, lng: row.homeLng } : null }
      : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentUserSummary(
  row: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'userType' | 'profilePicture' | 'isOnline' | 'lastActive'>,
): UserSummary {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    userType: row.userType,
    profilePicture: row.profilePicture,
    isOnline: row.isOnline,
    lastActive: iso(row.lastActive),
  };
}

/** A staff account as Manage Tanod shows it to an admin. */
export function presentStaffUser(row: UserRow): StaffUser {
  const { hasUnreadNotifications: _unread, ...user } = presentCurrentUser(row, { hasUnreadNotifications: false });
  return { ...user, updatedAt: row.updatedAt.toISOString() };
}
