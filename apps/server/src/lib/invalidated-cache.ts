/**
 * What the verified-session cache and the read cache share: entries that events drop,
 * oldest first beyond a size, and a generation so that a database read racing an invalidation
 * never stores what it read. While changes from other instances cannot arrive (the relay's
 * connection is down), the cache is suspended: it forgets everything and stores nothing.
 */
export abstract class InvalidatedCache<Entry> {
  protected readonly entries = new Map<string, Entry>();
  private generation = 0;
  private suspended = false;

  protected constructor(private readonly maxEntries: number) {}

  /** The generation to hand back to `store` after reading from the database. */
  begin(): number {
    return this.generation;
  }

  /** Stores `entry` unless something was invalidated since `generation` was taken, or the cache is suspended. */
  protected store(key: string, entry: Entry, generation: number): void {
    if (this.suspended || generation !== this.generation) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** Called by every invalidation, whatever it drops: reads that began before it must not be stored. */
  protected invalidated(): void {
    this.generation += 1;
  }

  suspend(): void {
    this.suspended = true;
    this.generation += 1;
    this.entries.clear();
  }

  resume(): void {
    this.suspended = false;
    // A read that began during the outage may have missed a change: it must not be stored.
    this.generation += 1;
  }

  get size(): number {
    return this.entries.size;
  }
}
