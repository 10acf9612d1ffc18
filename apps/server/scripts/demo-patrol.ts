// `npm run demo:patrol [-- http://host:port]`: keeps the demo tanods on patrol walking, through the
// running server's real API and socket, so the admin live map shows markers move. Ctrl+C stops it.
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, CurrentPatrol, LoginResponse, PatrolArea, ServerToClientEvents } from '@bantay/shared';
import { loadConfig } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/modules/users/users.demo.ts';
import { DEMO_ON_PATROL, demoWalk } from '../src/modules/patrols/patrols.demo.ts';

const SEND_EVERY_MS = 5_000;
const base = process.argv[2] ?? `http://127.0.0.1:${loadConfig().port}`;

async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Walker {
  username: string;
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  polygon: PatrolArea['polygon'];
  startedAt: number;
}

const walkers: Walker[] = [];
for (const { username } of DEMO_ON_PATROL) {
  const login = await call<LoginResponse>('/api/auth/login', { method: 'POST', body: JSON.stringify({ username, password: DEMO_PASSWORD }) });
  if (!('token' in login)) throw new Error(`${username} needs a second sign-in step; turn 2FA off for the demo accounts`);
  const { patrol } = await call<CurrentPatrol>('/api/patrols/current', { token: login.token });
  if (!patrol?.startedAt) {
    console.warn(`${username} is not on patrol: load the demo data into a fresh DATA_DIR (npm run seed:demo) and try again.`);
    continue;
  }
  const areas = await call<PatrolArea[]>('/api/patrol-areas', { token: login.token });
  const area = areas.find((candidate) => candidate._id === patrol.patrolArea._id)!;
  const socket: Walker['socket'] = io(base, { auth: { token: login.token }, transports: ['websocket'] });
  walkers.push({ username, socket, polygon: area.polygon, startedAt: new Date(patrol.startedAt).getTime() });
  console.log(`${username} walks ${area.name} (patrol ${patrol._id}).`);
}
if (walkers.length === 0) process.exit(1);

const timer = setInterval(() => {
  const now = Date.now();
  for (const walker of walkers) {
    const position = demoWalk(walker.polygon, (now - walker.startedAt) / 1000);
    walker.socket.emit('tracking:points', [{ at: new Date(now).toISOString(), ...position, accuracy: 8, speed: 1.2 }], (ack) => {
      if (ack.error) console.warn(`${walker.username}: ${ack.error.code} ${ack.error.message}`);
    });
  }
}, SEND_EVERY_MS);

process.on('SIGINT', () => {
  clearInterval(timer);
  for (const walker of walkers) walker.socket.disconnect();
  process.exit(0);
});
