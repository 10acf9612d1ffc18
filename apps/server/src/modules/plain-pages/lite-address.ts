import { PLAIN_PATHS } from './plain-html.ts';

/**
 * The page without JavaScript that stands in for one of the app's report addresses (the landing
 * page's Emergency, Report and Track links: apps/web/src/app/routes/LandingPage.tsx), or undefined
 * for any other address. The app's shell for such an address sends a browser without JavaScript on
 * to it (http/web-app.ts), so those links work with scripts off too. The app matches paths without
 * regard to case and with an optional trailing slash (wouter), and so does this.
 */
export function liteAddressOf(pathname: string, query: URLSearchParams): string | undefined {
  if (pathname.toLowerCase().replace(/\/$/, '') !== '/reportincidents') return undefined;
  if (query.get('emergency') === '1') return PLAIN_PATHS.emergency;
  const ticket = query.get('ticket');
  if (ticket) return `${PLAIN_PATHS.ticket}?ticket=${encodeURIComponent(ticket.slice(0, 64))}`;
  if (query.get('track') === '1') return PLAIN_PATHS.ticket;
  return PLAIN_PATHS.report;
}
