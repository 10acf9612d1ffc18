import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ConfigError } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';

/**
 * Prometheus metrics (decision 024), served on their own port (METRICS_PORT) so the public
 * address never shows them: request latency by route, connected sockets, how late the delivery
 * queue runs and how many deliveries failed, plus the process's own figures (memory, event loop
 * lag, CPU) from prom-client's defaults.
 */
export interface Metrics {
  registry: Registry;
  /** Times every request of this app by method, route pattern and status. */
  observeRequests(app: FastifyInstance): void;
  /** The number of socket.io connections on this instance, read at each scrape. */
  countSockets(count: () => number): void;
  /**
   * Serves `GET /metrics` on its own HTTP server. A port in use or not allowed, or a host that is
   * not this machine's, rejects with a ConfigError naming METRICS_PORT or METRICS_HOST.
   */
  serve(port: number, host: string): Promise<MetricsServer>;
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

interface DeliveryFigures {
  channel: string;
  pending: number;
  failed: number;
  /** Seconds the oldest due delivery has waited past its time; 0 with none due. */
  lag_seconds: number;
}

export function createMetrics({ db, clock }: { db: Db; clock: Clock }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'bantay_' });

  const requestDuration = new Histogram({
    name: 'bantay_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  let socketCount: () => number = () => 0;
  new Gauge({
    name: 'bantay_sockets_connected',
    help: 'socket.io connections on this instance',
    registers: [registry],
    collect() {
      this.set(socketCount());
    },
  });

  // One query per scrape feeds the three delivery gauges.
  let figures: Promise<DeliveryFigures[]> | null = null;
  const deliveryFigures = () => {
    figures ??= readDeliveryFigures(db, clock.now()).finally(() => {
      figures = null;
    });
    return figures;
  };
  const labelled = (name: string, help: string, pick: (row: DeliveryFigures) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['channel'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await deliveryFigures()) this.set({ channel: row.channel }, pick(row));
      },
    });
  labelled('bantay_delivery_lag_seconds', 'How long the oldest due SMS, email or push has waited past its time (the job queue lag)', (row) => row.lag_seconds);
  labelled('bantay_deliveries_pending', 'Deliveries waiting to be sent or retried', (row) => row.pending);
  labelled('bantay_deliveries_failed', 'Deliveries that gave up after their last try (kept until the retention job removes them)', (row) => row.failed);

  return {
    registry,
    observeRequests(app) {
      app.addHook('onResponse', async (request, reply) => {
        requestDuration.observe(
          { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      });
    },
    countSockets(count) {
      socketCount = count;
    },
    async serve(port, host) {
      const server = http.createServer((request, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
          response.writeHead(404).end();
          return;
        }
        registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${(error as Error).message}`),
        );
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', (error: NodeJS.ErrnoException) => reject(listenError(error, port, host)));
        server.listen(port, host, () => resolve());
      });
      return {
        port: (server.address() as AddressInfo).port,
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
      };
    },
  };
}

/** What the operator must change when the metrics server cannot listen; a restart would fail the same way. */
function listenError(error: NodeJS.ErrnoException, port: number, host: string): Error {
  const address = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return new ConfigError(
        `METRICS_PORT=${port}: ${address} is already in use (by another program, or by another instance given the same METRICS_PORT), so the Prometheus metrics cannot be served. Choose a free port, or unset METRICS_PORT to serve no metrics.`,
      );
    case 'EACCES':
      return new ConfigError(
        `METRICS_PORT=${port}: this user may not listen on ${address} (ports below 1024 need privileges). Choose another port.`,
      );
    case 'EADDRNOTAVAIL':
      return new ConfigError(`METRICS_HOST=${host}: not an address of this machine, so ${address} cannot serve the metrics.`);
    default:
      return error;
  }
}

async function readDeliveryFigures(db: Db, now: Date): Promise<DeliveryFigures[]> {
  const result = (await db.execute(sql`
    select channel::text as channel,
      count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where status = 'failed')::int as failed,
      coalesce(extract(epoch from ${now}::timestamptz - min(next_attempt_at) filter (where status = 'pending' and next_attempt_at <= ${now}::timestamptz)), 0)::float8 as lag_seconds
    from deliveries
    where status in ('pending', 'failed')
    group by channel`)) as unknown as { rows: DeliveryFigures[] } | DeliveryFigures[];
  return Array.isArray(result) ? result : result.rows;
}
