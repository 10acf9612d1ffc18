import type pg from 'pg';
import { createAdapter, type PostgresAdapter, type PostgresAdapterOptions } from '@socket.io/postgres-adapter';
import { MessageType, type BroadcastOptions, type ClusterMessage } from 'socket.io-adapter';

type Packet = Parameters<PostgresAdapter['broadcast']>[0];

/** The cluster adapter's own publish, protected in its typings. */
interface Publisher {
  publishAndReturnOffset(message: Pick<ClusterMessage & { type: MessageType.BROADCAST }, 'type' | 'data'>): Promise<string>;
}

/**
 * `@socket.io/postgres-adapter`, delivering to this instance's sockets before telling the others.
 *
 * The cluster adapter (socket.io-adapter 2.5) awaits its `pg_notify` round trip before it delivers
 * even to the sockets of its own process, so every realtime event waited for a pooled PostgreSQL
 * connection and a round trip, and under load for the pool itself (chat p99, docs/benchmarks.md). Here the
 * notification is sent without waiting for it, and the local delivery happens at once, in the
 * same tick as the emit. The other instances receive exactly what they did before; the only
 * change is that this instance no longer waits for them.
 *
 * The publish is started first because it serializes the packet synchronously, before its first
 * await, while the local delivery's encoder may rewrite a packet carrying binary data in place.
 */
export function createLocalThenPostgresAdapter(pool: pg.Pool, options: PostgresAdapterOptions) {
  const clusterAdapter = createAdapter(pool, options);
  // socket.io calls the factory with `new`, so not an arrow function; it returns the adapter object.
  return function localThenPostgresAdapter(nsp: unknown): PostgresAdapter {
    const adapter = clusterAdapter(nsp);
    const clusterBroadcast = adapter.broadcast.bind(adapter);
    const publisher = adapter as unknown as Publisher;
    adapter.broadcast = (packet: Packet, opts: BroadcastOptions) => {
      if (opts.flags?.local) return clusterBroadcast(packet, opts);
      publisher
        .publishAndReturnOffset({
          type: MessageType.BROADCAST,
          data: { packet, opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags ?? {} } },
        })
        .catch((error: unknown) => options.errorHandler?.(error instanceof Error ? error : new Error(String(error))));
      // With `local` set the cluster adapter delivers here only, without publishing again.
      return clusterBroadcast(packet, { ...opts, flags: { ...opts.flags, local: true } });
    };
    return adapter;
  };
}
