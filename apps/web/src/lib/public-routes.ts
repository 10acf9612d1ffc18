/** docs/product.md §A2: routes that need no sign-in. */
const PUBLIC_PATHS = [
  '/',
  '/tanod-login',
  '/signup',
  '/resident-signup',
  '/Tanodevaluation',
  '/Reportincidents',
  '/forgot-password',
  '/reset-password',
  '/reset-pin',
  '/privacy',
] as const;

/**
 * A path is public when it is one of the public paths, or starts with a public path that ends in
 * "password" or "pin" — so reset links with a token suffix stay open. Case-insensitive, like the routes.
 */
export function isPublicPath(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return PUBLIC_PATHS.some((publicPath) => {
    const p = publicPath.toLowerCase();
    if (path === p) return true;
    return (p.endsWith('password') || p.endsWith('pin')) && path.startsWith(p);
  });
}
