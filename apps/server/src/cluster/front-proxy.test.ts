import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFrontProxy, instanceFromCookie } from './front-proxy.ts';

// The front of npm run start:cluster between real sockets: a live instance played by a small HTTP
// server that echoes what it received, and an instance that is down (a port nobody listens on).
const servers: http.Server[] = [];
let live: string;
let down: string;

async function listen(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  live = await listen(
    http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ forwardedFor: req.headers['x-forwarded-for'], method: req.method }));
    }),
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
  it('sends a GET an instance refused to the next one, and answers any other refused request 502 in the API’s shape', async () => {
    const front = await listen(createFrontProxy({ targets: [down, live], trustForwardedFor: false, log: quiet }));
    const refused = await fetch(`${front}/api/things`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    for (let i = 0; i < 4; i += 1) {
      const response = await fetch(`${front}/api/health`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-bantay-instance')).toBe('2');
    }
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
