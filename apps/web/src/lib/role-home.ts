import type { UserType } from '@bantay/shared';

/** Where each role lands after sign-in when no destination was saved. */
export function homeFor(userType: UserType): string {
  if (userType === 'tanod') return '/Dashboard';
  if (userType === 'admin' || userType === 'supadmin') return '/Admindashboard';
  return '/';
}
