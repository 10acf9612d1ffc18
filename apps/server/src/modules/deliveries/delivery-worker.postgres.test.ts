import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { query } from '../../../test/incidents-helpers.ts';
import { inTransaction } from '../../db/transaction.ts';
import { silentLogger } from '../../adapters/index.ts';
import { DeliveryWorker } from './delivery-worker.ts';
import { enqueueDeliveries, type DeliveryRequest } from './deliveries.service.ts';

// Two app instances on one PostgreSQL database, each with its own pool and its own worker.
let first: TestContext;
let second: TestContext;
beforeAll(async () => {
  first = await createTestContext();
  second = await createTestContext({ secondInstanceOf: first });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('deliveries with two instances on PostgreSQL', () => {
  it('two workers draining one queue at once send each delivery exactly once', async () => {
    const count = 300;
    const requests: DeliveryRequest[] = Array.from({ length: count }, (_, index) => ({
      channel: 'sms',
      to: `+63917${String(index).padStart(7, '0')}`,
      payload: { text: `two workers ${index}` },
      kind: 'test.alert',
    }));
    // Enqueued without a nudge, so both workers start on a full queue at the same moment.
    const quiet = { clock: first.deps.clock, deliveries: { nudge() {} } } as unknown as Parameters<typeof enqueueDeliveries>[0];
    await inTransaction(first.deps.db, (tx, afterCommit) => enqueueDeliveries(quiet, tx, afterCommit, requests));

    const sends = new Map<string, number>();
    const perWorker = [0, 0];
    const workers = [first, second].map((instance, index) => {
      // Small batches and a little latency per send make the two workers interleave many times.
      const worker = new DeliveryWorker({ db: instance.deps.db, clock: instance.deps.clock }, silentLogger, { batchSize: 7 });
      worker.register('sms', {
        async send(delivery) {
          await new Promise((resolve) => setTimeout(resolve, 2));
          sends.set(delivery.id, (sends.get(delivery.id) ?? 0) + 1);
          perWorker[index]! += 1;
          return { status: 'sent' };
        },
      });
      return worker;
    });
    for (const worker of workers) worker.nudge();
    await Promise.all(workers.map((worker) => worker.idle()));

    expect(sends.size).toBe(count);
    expect([...sends.values()].every((times) => times === 1)).toBe(true);
    // Both took part: the claim shares the queue rather than one worker waiting on the other's locks.
    expect(perWorker[0]).toBeGreaterThan(0);
    expect(perWorker[1]).toBeGreaterThan(0);
    const [left] = await query<{ n: number }>(first, sql`select count(*)::int as n from deliveries where status <> 'sent' and payload->>'text' like 'two workers %'`);
    expect(Number(left!.n)).toBe(0);
  });
});
