import type { Db } from '../../db/client.ts';
import type { DeliveryRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  claimDueDeliveries,
  deferDelivery,
  markDeliveryFailed,
  markDeliveryForRetry,
  markDeliverySent,
  markDeliveryWithheld,
} from './deliveries.repository.ts';

export type DeliveryChannelName = DeliveryRow['channel'];

/** What a channel made of one try. A thrown error counts as `retry` with its message. */
export type DeliveryOutcome =
  | { status: 'sent'; statusCode?: number }
  /** A passing failure (a gateway that timed out, a push service that answered 500). */
  | { status: 'retry'; error: string; statusCode?: number }
  /** A failure no retry will fix (the push subscription is gone): failed at once. */
  | { status: 'give-up'; error: string; statusCode?: number }
  /** Not now (the recipient's quiet hours): try again at `until`, not counted as a try. */
  | { status: 'defer'; until: Date }
  /**
   * Not at all, by a rule decided at send time (a webhook's case became confidential, its webhook
   * was turned off): `withheld`, never on the failed list, nothing to retry.
   */
  | { status: 'withhold'; reason: string };

export interface DeliveryChannel {
  send(delivery: DeliveryRow, now: Date): Promise<DeliveryOutcome>;
}

export interface DeliveryWorkerLogger {
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

export interface DeliveryWorkerOptions {
  /** Deliveries claimed (and sent in parallel) per round. */
  batchSize: number;
  /** How long a claim holds; a worker that dies mid-send loses its rows to others after it. */
  claimMs: number;
  /** How often due deliveries are looked for besides the nudge after each commit (retries, other instances' rows). */
  pollMs: number;
  /** Tries before a delivery is given up and shown to the supadmin as failed. */
  maxAttempts: number;
  /** Backoff after the first failed try; it doubles with every try, up to `backoffMaxMs`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
}

const DEFAULT_DELIVERY_OPTIONS: DeliveryWorkerOptions = {
  batchSize: 25,
  claimMs: 60_000,
  pollMs: 2_000,
  maxAttempts: 8,
  backoffBaseMs: 5_000,
  backoffMaxMs: 15 * 60_000,
};

/**
 * Sends the deliveries table's rows (decision 016). Every instance runs one; on PostgreSQL the
 * claim (`for update skip locked`) gives each row to one worker, on the embedded database the one
 * process has the one worker. A commit that wrote deliveries calls `nudge()`, so an alert leaves at
 * once instead of at the next poll.
 *
 * The guarantee is at least once: a worker that dies after the provider accepted a message but
 * before it marked the row sent sends it again once the claim lapses. Every other path (a crash
 * before the send, a failed send, a restart) ends with the message sent or marked failed.
 */
export class DeliveryWorker {
  private readonly channels = new Map<DeliveryChannelName, DeliveryChannel>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  readonly options: DeliveryWorkerOptions;

  constructor(
    private readonly deps: { db: Db; clock: Clock },
    private readonly log: DeliveryWorkerLogger,
    options: Partial<DeliveryWorkerOptions> = {},
  ) {
    this.options = { ...DEFAULT_DELIVERY_OPTIONS, ...options };
  }

  /** Each channel is registered once, by the composition root (deps.ts builders, the test harness). */
  register(channel: DeliveryChannelName, sender: DeliveryChannel): void {
    this.channels.set(channel, sender);
  }

  /** Starts polling (main.ts). Without it, the worker still sends on every `nudge()`. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.nudge(), this.options.pollMs);
    this.timer.unref();
    this.nudge();
  }

  /** Looks for due deliveries now; calls made during a round start one more round after it. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    });
  }

  /** Resolves once no round is running or asked for; tests call it after the request that enqueued. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops polling and waits for the sends in flight (shutdown never cuts a send in half). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }

  /** Claims and sends rounds until nothing is due. */
  private async drain(): Promise<void> {
    try {
      for (;;) {
        const now = this.deps.clock.now();
        const claimed = await claimDueDeliveries(this.deps.db, now, new Date(now.getTime() + this.options.claimMs), this.options.batchSize);
        if (claimed.length === 0) return;
        await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
        if (this.stopped) return;
      }
    } catch (error) {
      // The database went away (shutdown, a lost connection): the rows stay due for the next round.
      this.log.error(`delivery worker: ${(error as Error).message}`, { err: error });
    }
  }

  private async deliver(delivery: DeliveryRow): Promise<void> {
    const channel = this.channels.get(delivery.channel);
    let outcome: DeliveryOutcome;
    if (!channel) {
      outcome = { status: 'give-up', error: `no ${delivery.channel} channel is set up on this server` };
    } else {
      try {
        outcome = await channel.send(delivery, this.deps.clock.now());
      } catch (error) {
        outcome = { status: 'retry', error: (error as Error).message || String(error) };
      }
    }
    const now = this.deps.clock.now();
    const db = this.deps.db;
    switch (outcome.status) {
      case 'sent':
        await markDeliverySent(db, delivery.id, now, outcome.statusCode ?? null);
        return;
      case 'defer':
        await deferDelivery(db, delivery.id, outcome.until);
        return;
      case 'withhold':
        await markDeliveryWithheld(db, delivery.id, outcome.reason.slice(0, 500));
        return;
      case 'give-up':
        this.log.warn(`${delivery.channel} delivery ${delivery.id} (${delivery.kind}) failed: ${outcome.error}`);
        await markDeliveryFailed(db, delivery.id, outcome.error.slice(0, 500), outcome.statusCode ?? null);
        return;
      case 'retry': {
        const error = outcome.error.slice(0, 500);
        const statusCode = outcome.statusCode ?? null;
        if (delivery.attempts >= this.options.maxAttempts) {
          this.log.warn(`${delivery.channel} delivery ${delivery.id} (${delivery.kind}) failed after ${delivery.attempts} tries: ${error}`);
          await markDeliveryFailed(db, delivery.id, error, statusCode);
          return;
        }
        await markDeliveryForRetry(db, delivery.id, new Date(now.getTime() + this.backoffMs(delivery.attempts)), error, statusCode);
        return;
      }
    }
  }

  /** Exponential backoff with ±20 % jitter, so a gateway that came back is not hit by every row at once. */
  backoffMs(attempts: number): number {
    const base = Math.min(this.options.backoffMaxMs, this.options.backoffBaseMs * 2 ** Math.max(0, attempts - 1));
    return Math.round(base * (0.8 + Math.random() * 0.4));
  }
}
