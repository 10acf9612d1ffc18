import http from 'node:http';
import type { Socket } from 'node:net';
import { PassThrough, type Readable } from 'node:stream';
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
/**
 * A request body is kept, to send again to another instance, only until the connection to the
 * chosen instance is made (a millisecond on one machine); a body that outgrows this first is sent
 * on without a copy, and gets a 502 rather than a second try if that instance refuses.
 */
const KEEP_BODY_BYTES = 1024 * 1024;

export function createFrontProxy({ targets, trustForwardedFor, log }: FrontProxyOptions): http.Server {
  if (targets.length === 0) throw new Error('The front proxy needs at least one instance');
  const proxy = createProxyServer({ xfwd: false, ws: true });
  const downUntil = targets.map(() => 0);
  let turn = 0;
  /** The instance chosen for each request, for its response's cookie and for a retry. */
  const chosen = new WeakMap<http.IncomingMessage, number>();
  /** Each request's current try: whether its connection to the instance was made. */
  const tries = new WeakMap<http.IncomingMessage, Try>();

  const isUp = (index: number) => downUntil[index]! <= Date.now();

  function nextInTurn(): number {
    for (let count = 0; count < targets.length; count += 1) {
      const index = turn;
      turn = (turn + 1) % targets.length;
      if (isUp(index)) return index;
    }
    // Every instance failed lately: try the next one anyway rather than refuse outright.
    const index = turn;
    turn = (turn + 1) % targets.length;
    return index;
  }

  /** For a second try: an instance not tried yet, one in the rotation first; undefined when all were tried. */
  function untried(tried: ReadonlySet<number>): number | undefined {
    const left = targets.map((_, index) => (turn + index) % targets.length).filter((index) => !tried.has(index));
    return left.find(isUp) ?? left[0];
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

  // The try learns when its connection is made: from then on, bytes may reach the instance.
  // (http-proxy-3 emits it as the connection is assigned, except for a request with `Expect`:
  // such a try stays 'unknown', so it is treated as one that may have reached the instance.)
  proxy.on('proxyReq', (_proxyReq, req, _res, _options, socket: Socket) => {
    const attempt = tries.get(req);
    if (!attempt) return;
    if (socket.connecting) {
      attempt.state = 'connecting';
      socket.once('connect', () => attempt.connected());
    } else attempt.connected();
  });

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

  function web(req: http.IncomingMessage, res: http.ServerResponse, index: number, request: Forwarding): void {
    chosen.set(req, index);
    request.tried.add(index);
    const attempt = new Try(request.body);
    tries.set(req, attempt);
    proxy.web(req, res, { target: targets[index], buffer: request.body.stream() }, (error: NodeJS.ErrnoException) => {
      // An error of the incoming request reaches every try's handler: only the current try answers it.
      if (tries.get(req) !== attempt || attempt.failed) return;
      attempt.failed = true;
      // Refused: nobody listens (an instance restarting). Reset: the instance died with the
      // connection open, or a kept-alive connection to it was already dead.
      const unreachable = error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET' || error.code === 'EPIPE';
      if (unreachable) downUntil[index] = Date.now() + DOWN_FOR_MS;
      // Nothing reached the instance when it refused the connection, or dropped it before it was
      // made: any request, a POST too (an emergency report), then goes to another instance, each
      // instance tried once. A GET or HEAD changes nothing, so one that may have reached the
      // instance is sent once more too, while no answer began: an instance dying or restarting
      // is then invisible to readers. Any other request that may have reached an instance is not
      // sent twice.
      const nothingReached = error.code === 'ECONNREFUSED' || (unreachable && attempt.state === 'connecting');
      const readAgain = unreachable && (req.method === 'GET' || req.method === 'HEAD') && !request.readRetried;
      const next = untried(request.tried);
      if (next !== undefined && !res.headersSent && request.body.replayable && (nothingReached || readAgain)) {
        if (!nothingReached) request.readRetried = true;
        return web(req, res, next, request);
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
    web(req, res, route(req), { body: new ReplayableBody(req), tried: new Set(), readRetried: false });
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

/** A request on its way to the instances, over its tries. */
interface Forwarding {
  body: ReplayableBody;
  /** The instances tried so far. */
  tried: Set<number>;
  /** A read that may have reached an instance was already sent once more. */
  readRetried: boolean;
}

/**
 * One try of a request on an instance. Until its connection is made, nothing of the request has
 * left this process; once it is made, the body needs no keeping for another try.
 */
class Try {
  state: 'unknown' | 'connecting' | 'connected' = 'unknown';
  failed = false;
  constructor(private readonly body: ReplayableBody) {}
  connected(): void {
    this.state = 'connected';
    this.body.release();
  }
}

/**
 * A request body that can be sent again from its start: the chunks read so far are kept until
 * `release`, and each `stream()` replays them, then goes on with the rest as it arrives.
 */
class ReplayableBody {
  private kept: Buffer[] = [];
  private keptBytes = 0;
  private keeping = true;
  private ended = false;
  private current: PassThrough | null = null;
  /** False once a part of the body was let go: it cannot be sent whole again. */
  replayable = true;

  constructor(private readonly req: http.IncomingMessage) {
    req.on('data', (chunk: Buffer) => {
      if (!this.keeping) {
        this.replayable = false;
        return;
      }
      this.kept.push(chunk);
      this.keptBytes += chunk.length;
      if (this.keptBytes > KEEP_BODY_BYTES) this.release();
    });
    req.on('end', () => (this.ended = true));
  }

  /** The whole body for one try; the previous try's stream receives no more. */
  stream(): Readable {
    if (this.current) this.req.unpipe(this.current);
    const out = new PassThrough();
    for (const chunk of this.kept) out.write(chunk);
    if (this.ended) out.end();
    else this.req.pipe(out);
    this.current = out;
    return out;
  }

  /** No later try will need what was read so far. */
  release(): void {
    if (!this.keeping) return;
    this.keeping = false;
    if (this.kept.length > 0) this.replayable = false;
    this.kept = [];
  }
}
