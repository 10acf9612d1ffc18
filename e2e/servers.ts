import os from 'node:os';
import path from 'node:path';

/**
 * The browser tests run on E2E_WORKERS workers (default 2), each against a server of its own
 * (e2e/server.mjs: the production build on its own fresh DATA_DIR with the demo data), so two
 * specs never share a database, a sent log or a rate limit. Worker `parallelIndex` i talks to the
 * server on E2E_PORT + i.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const FIRST_PORT = Number(process.env.E2E_PORT ?? 4310);

export function e2eServer(index: number): { port: number; baseURL: string; dataDir: string } {
  const port = FIRST_PORT + index;
  return {
    port,
    baseURL: `http://127.0.0.1:${port}`,
    // Fixed per port, so a spec can read the SMS and mail sent logs its server writes there.
    dataDir: path.join(os.tmpdir(), `bantay-e2e-${port}`),
  };
}
