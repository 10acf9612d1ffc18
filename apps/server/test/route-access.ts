import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { UserType } from '@bantay/shared';
import type { RegisteredRoute } from '../src/http/route-table.ts';
import { CLIENT_EVENT_ACCESS, SERVER_EVENT_AUDIENCE, SOCKET_ROLES } from '../src/realtime/event-access.ts';

/**
 * The callers of the route × role matrix: no token, one of each role (decision 025), and a
 * supadmin's API key holding every scope (docs/decisions/034-the-integration-kit.md).
 */
export const CALLERS = ['anonymous', 'resident', 'tanod', 'admin', 'supadmin', 'api key'] as const;
export type Caller = (typeof CALLERS)[number];

export type Expected = 'allowed' | 401 | 403 | 404;

/** What a caller must get from a route, read from the route's own declaration. */
export function expectedAnswer(route: RegisteredRoute, caller: Caller): Expected {
  const access = route.access;
  if (!access) throw new Error(`${route.method} ${route.url} declares no access`);
  if (access.kind === 'public') return 'allowed';
  // A webhook admits the provider's signature only: a session, whatever its role, is refused.
  if (access.kind === 'signature') return 401;
  // An address that is its own key admits its secret only: without it, anyone is told it does not exist.
  if (access.kind === 'secret-url') return 404;
  if (caller === 'anonymous') return 401;
  // A key passes only where the route names a scope; it holds every one.
  if (caller === 'api key') return access.keyScope ? 'allowed' : 403;
  return access.roles.includes(caller as UserType) ? 'allowed' : 403;
}

/** A value for each path parameter: an id nobody has, so an admitted caller reaches a 404 at most. */
export function fillPath(url: string, values: Record<string, string> = {}): string {
  return url
    .replace(/:(\w+)/g, (_match, name: string) => encodeSegment(values[name] ?? sampleParam(name)))
    .replace(/\*$/, 'missing-file.txt');
}

/** A path segment, percent-encoded; a lone surrogate (which encodeURIComponent refuses) as the bytes a careless client would send. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((char) => (/[\uD800-\uDFFF]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
  }
}

function sampleParam(name: string): string {
  if (name === 'file') return `${crypto.randomUUID()}.webp`;
  if (name === 'ticket') return 'BTY-000000';
  if (name === 'name') return 'icon-192.png';
  return crypto.randomUUID();
}

export const routeKey = (route: Pick<RegisteredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/**
 * A built web app of two files, so the static routes the server adds for a build are in the
 * table too (they exist only when WEB_DIST_DIR holds a build).
 */
export async function tinyWebBuild(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = path.join(os.tmpdir(), `bantay-web-${crypto.randomBytes(6).toString('hex')}`);
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  await fs.writeFile(path.join(dir, 'assets', 'app-3f2a1b.js'), 'console.log(1)');
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** Who may call each route, as docs/route-matrix.md shows it (generated; see the test). */
export function renderRouteMatrix(routes: RegisteredRoute[], ownerChecks: Map<string, string>): string {
  const cell = (expected: Expected) => (expected === 'allowed' ? 'yes' : String(expected));
  const lines = [
    '# Route × role matrix',
    '',
    'Generated from the access each route declares (decision 025) by',
    '`npm run docs:route-matrix`; `apps/server/test/route-matrix.test.ts` fails when this file differs',
    'from the code, and calls every route as every caller below and checks the answer.',
    '',
    '`yes`: the caller passes the route\'s guard (the route may still refuse the input or the state);',
    '`401`: refused for want of a session; `403`: refused for the role; "api key": a supadmin\'s API key',
    'holding every scope, which passes only where the route names the scope in "Key scope" (decision 034); `401 (…)`: a webhook',
    'anyone may reach but only its provider\'s signature, named in brackets, admits (decision 032); `404 (…)`: an address',
    'whose secret, named in brackets, is its only key (a calendar feed, decision 034). "Before new password": an',
    'account with a one-time password may call it. "Someone else\'s": the refusal a signed-in caller of',
    'an admitted role gets for a resource that is not theirs, as the test checks it.',
    '',
    `${routes.length} routes × ${CALLERS.length} callers = ${routes.length * CALLERS.length} cells; ${ownerChecks.size} routes with an owner check.`,
    '',
    `| Method | Path | ${CALLERS.join(' | ')} | Key scope | Before new password | Someone else's |`,
    `|---|---|${CALLERS.map(() => '---').join('|')}|---|---|---|`,
  ];
  for (const route of routes) {
    const access = route.access;
    const early = access?.kind === 'signed-in' ? (access.whilePasswordChangeRequired ? 'yes' : 'no') : access ? 'yes' : 'no';
    const cells = CALLERS.map((caller) => {
      if (access?.kind === 'signature') return `401 (${access.scheme})`;
      if (access?.kind === 'secret-url') return `404 (${access.scheme})`;
      return access ? cell(expectedAnswer(route, caller)) : 'undeclared';
    });
    const scope = access?.kind === 'signed-in' && access.keyScope ? `\`${access.keyScope}\`` : '';
    lines.push(`| ${route.method} | \`${route.url}\` | ${cells.join(' | ')} | ${scope} | ${early} | ${ownerChecks.get(routeKey(route)) ?? ''} |`);
  }
  lines.push(
    '',
    '## Socket events',
    '',
    `Declared in \`apps/server/src/realtime/event-access.ts\` and checked by \`apps/server/test/socket-matrix.test.ts\`. Only ${SOCKET_ROLES.join(', ')} get a socket: without a token the handshake is refused UNAUTHENTICATED, a resident FORBIDDEN.`,
    '',
    `| Client event | ${CALLERS.join(' | ')} | Condition |`,
    `|---|${CALLERS.map(() => '---').join('|')}|---|`,
  );
  for (const [event, access] of Object.entries(CLIENT_EVENT_ACCESS)) {
    const cells = CALLERS.map((caller) => {
      if (caller === 'anonymous' || caller === 'api key') return '401';
      if (!(SOCKET_ROLES as readonly string[]).includes(caller)) return '403';
      return (access.roles as readonly string[]).includes(caller) ? 'yes' : 'refused';
    });
    lines.push(`| \`${event}\` | ${cells.join(' | ')} | ${access.condition} |`);
  }
  lines.push('', '| Server event | Who hears it |', '|---|---|');
  for (const [event, audience] of Object.entries(SERVER_EVENT_AUDIENCE)) lines.push(`| \`${event}\` | ${audience} |`);
  return `${lines.join('\n')}\n`;
}
