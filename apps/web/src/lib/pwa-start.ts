import { homeFor } from './role-home.ts';
import { storage, storedUserType } from './storage.ts';

/**
 * Where the app opens for `path`: `/?source=pwa` takes a signed-in staff member on to their role's
 * home, the page they would reach by signing in (lib/navigation.ts); residents and visitors stay on
 * the landing page. Null when `path` is not the start URL or the landing page is right. The stored
 * role only picks the page: the page's own guard still checks the session with the server.
 */
export function appEntryPath(path: string): string | null {
  const url = new URL(path, 'http://app.invalid');
  if (url.pathname !== '/' || url.searchParams.get('source') !== 'pwa') return null;
  const userType = storedUserType();
  if (!storage.get('token') || !userType || userType === 'resident') return null;
  return homeFor(userType);
}
