import http from 'node:http';
import type { Socket } from 'node:net';
import { createProxyServer } from 'http-proxy-3';

/**
 * The one address in front of `npm run start:cluster`'s instances (decision 021): a reverse proxy
 * that spreads requests over the instances in turn, except socket.io's, which stay on the instance
 * that opened their session.
 *
 * socket.io's long-polling fallback makes several HTTP requests per connection (the handshake,
 * each poll, each send, the upgrade to a WebSocket), and only the instance that answered the
 * handshake knows its session id: any other answers 400 "Session ID unknown". So the first
 * socket.io response carries a cookie naming its instance (`bantay_instance`, on the
 * `/socket.io/` path only), and every socket.io request that brings the cookie goes back there,
 * as browsers send it on their polls and on the WebSocket upgrade. The API needs no such care:
 * every instance reads and writes the same database, and caches are invalidated across them.
 */
export interface FrontProxyOptions {
  /** The instances' own addresses, e.g. `http://127.0.0.1:3001`. */
  targets: string[];
  /**
   * True when a proxy the operator trusts stands in front of this one (TRUST_PROXY): its
   * X-Forwarded-For is kept and the caller's address appended. Otherwise the header is replaced
   * with the caller's address, so a client cannot pick the address its rate limits count under.
   */
  trustForwardedFor: boolean;
  log: { warn(message: string): void };
}

const INSTANCE_COOKIE = 'bantay_instance';
const SOCKET_IO_PATH = '/socket.io/';
/** How long an instance that refused or dropped a connection is left out of the rotation. */
const DOWN_FOR_MS = 2_000;

export function createFrontProxy({ targets, trustForwardedFor, log }: FrontProxyOptions): http.Server {
  if (targets.length === 0) throw new Error('The front proxy needs at least one instance');
  const proxy = createProxyServer({ xfwd: false, ws: true });
  const downUntil = targets.map(() => 0);
  let turn = 0;
  /** The instance chosen for each request, for its response's cookie and for a retry. */
  const chosen = new WeakMap<http.IncomingMessage, number>();

  const isUp = (index: number) => downUntil[index]! <= Date.now();

  function nextInTurn(except?: number): number {
    for (let tries = 0; tries < targets.length; tries += 1) {
      const index = turn;
      turn = (turn + 1) % targets.length;
      if (index !== except && isUp(index)) return index;
    }
    // Every instance failed lately: try the next one anyway rather than refuse outright.
    const index = turn;
    turn = (turn + 1) % targets.length;
    return index;
  }

  function route(req: http.IncomingMessage): number {
    if (isSocketIo(req)) {
      const pinned = instanceFromCookie(req.headers.cookie, targets.length);
      if (pinned !== undefined && isUp(pinned)) return pinned;
    }
    return nextInTurn();
  }

  function forwardHeaders(req: http.IncomingMessage): void {
    const caller = req.socket.remoteAddress ?? '';
    const earlier = req.headers['x-forwarded-for'];
    req.headers['x-forwarded-for'] = trustForwardedFor && earlier ? `${String(earlier)}, ${caller}` : caller;
    if (!trustForwardedFor || !req.headers['x-forwarded-proto']) req.headers['x-forwarded-proto'] = 'http';
    if (!trustForwardedFor || !req.headers['x-forwarded-host'])
      req.headers['x-forwarded-host'] = req.headers.host ?? '';
  }

  proxy.on('proxyRes', (proxyRes, req) => {
    const index = chosen.get(req);
    if (index === undefined) return;
    proxyRes.headers['x-bantay-instance'] = String(index + 1);
    if (isSocketIo(req) && instanceFromCookie(req.headers.cookie, targets.length) !== index) {
      const cookie = `${INSTANCE_COOKIE}=${index + 1}; Path=${SOCKET_IO_PATH}; HttpOnly; SameSite=Lax`;
      const existing = proxyRes.headers['set-cookie'] ?? [];
      proxyRes.headers['set-cookie'] = [...existing, cookie];
    }
  });

  function web(req: http.IncomingMessage, res: http.ServerResponse, index: number, retried: boolean): void {
    chosen.set(req, index);
    proxy.web(req, res, { target: targets[index] }, (error: NodeJS.ErrnoException) => {
      // Refused: nobody listens (an instance restarting). Reset: the instance died with the
      // connection open, or a kept-alive connection to it was already dead.
      const unreachable = error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET' || error.code === 'EPIPE';
      if (unreachable) downUntil[index] = Date.now() + DOWN_FOR_MS;
      // A GET or HEAD changes nothing, so one that got no answer yet can go to another instance:
      // an instance dying or restarting is then invisible to readers.
      if (
        unreachable &&
        !retried &&
        !res.headersSent &&
        (req.method === 'GET' || req.method === 'HEAD') &&
        targets.length > 1
      ) {
        return web(req, res, nextInTurn(index), true);
      }
      log.warn(`front proxy: instance ${index + 1} failed a request (${error.code ?? error.message})`);
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(
        JSON.stringify({
          error: { code: 'UNAVAILABLE', message: 'The server is restarting. Please try again in a moment.' },
        }),
      );
    });
  }

  const server = http.createServer((req, res) => {
    forwardHeaders(req);
    web(req, res, route(req), false);
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    forwardHeaders(req);
    const index = route(req);
    proxy.ws(req, socket, head, { target: targets[index] }, (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET') downUntil[index] = Date.now() + DOWN_FOR_MS;
      socket.destroy();
    });
  });
  server.on('close', () => proxy.close());
  return server;
}

function isSocketIo(req: http.IncomingMessage): boolean {
  return (req.url ?? '').startsWith(SOCKET_IO_PATH);
}

/** The 0-based instance a `bantay_instance` cookie names, or undefined when absent or out of range. */
export function instanceFromCookie(header: string | undefined, count: number): number | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name !== INSTANCE_COOKIE || !value || !/^\d+$/.test(value)) continue;
    const index = Number(value) - 1;
    return index >= 0 && index < count ? index : undefined;
  }
  return undefined;
}
