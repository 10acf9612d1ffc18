import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFrontProxy, instanceFromCookie } from './front-proxy.ts';

// The front of npm run start:cluster between real sockets: a live instance played by a small HTTP
// server that echoes what it received, an instance that is down (a port nobody listens on), and
// one that dies holding a request it has read (it resets the connection).
const servers: net.Server[] = [];
let live: string;
let down: string;
let dying: string;
let requestsDyingRead = 0;

async function listen(server: net.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  live = await listen(
    http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ forwardedFor: req.headers['x-forwarded-for'], method: req.method, body }));
      });
    }),
  );
  dying = await listen(
    net.createServer((socket) =>
      socket.once('data', () => {
        requestsDyingRead += 1;
        socket.resetAndDestroy();
      }),
    ),
  );
  const closed = http.createServer();
  down = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
  servers.splice(servers.indexOf(closed), 1);
});
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

const quiet = { warn() {} };

describe('the front proxy', () => {
  it('sends any request an instance refused, a POST with its body too, to the next one; a POST that may have reached a failing instance is not sent twice', async () => {
    // Refused: nothing reached the instance, so the report goes whole to the live one.
    const front = await listen(createFrontProxy({ targets: [down, live], trustForwardedFor: false, log: quiet }));
    const report = JSON.stringify({ type: 'fire', description: 'x'.repeat(100_000) });
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${front}/api/public/incidents`, {
        method: 'POST',
        body: report,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-bantay-instance')).toBe('2');
      expect(await response.json()).toMatchObject({ method: 'POST', body: report });
    }
    for (let i = 0; i < 2; i += 1) expect((await fetch(`${front}/api/health`)).headers.get('x-bantay-instance')).toBe('2');

    // Read, then the connection reset: the instance may have acted on it. A POST gets a 502 in
    // the API's shape; a GET changes nothing and goes on to the next instance.
    const options = { targets: [dying, live], trustForwardedFor: false, log: quiet };
    const post = await fetch(`${await listen(createFrontProxy(options))}/api/public/incidents`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(post.status).toBe(502);
    expect(await post.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    expect(requestsDyingRead).toBe(1);
    const get = await fetch(`${await listen(createFrontProxy(options))}/api/health`);
    expect(get.status).toBe(200);
    expect(get.headers.get('x-bantay-instance')).toBe('2');
    expect(requestsDyingRead).toBe(2);
  });

  it("replaces the caller's X-Forwarded-For with its address, unless a trusted proxy stands in front", async () => {
    const edge = await listen(createFrontProxy({ targets: [live], trustForwardedFor: false, log: quiet }));
    const behindProxy = await listen(createFrontProxy({ targets: [live], trustForwardedFor: true, log: quiet }));
    const spoofed = { 'x-forwarded-for': '6.6.6.6' };
    expect(await (await fetch(`${edge}/api/health`, { headers: spoofed })).json()).toMatchObject({
      forwardedFor: '127.0.0.1',
    });
    expect(await (await fetch(`${behindProxy}/api/health`, { headers: spoofed })).json()).toMatchObject({
      forwardedFor: '6.6.6.6, 127.0.0.1',
    });
  });

  it('reads the instance cookie among others, and ignores one naming no instance', () => {
    expect(instanceFromCookie('theme=dark; bantay_instance=2', 2)).toBe(1);
    expect(instanceFromCookie('bantay_instance=3', 2)).toBeUndefined();
    expect(instanceFromCookie('bantay_instance=0', 2)).toBeUndefined();
    expect(instanceFromCookie('bantay_instance=x1', 2)).toBeUndefined();
    expect(instanceFromCookie(undefined, 2)).toBeUndefined();
  });
});
