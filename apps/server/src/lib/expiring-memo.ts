/**
 * Answers that are costly to compute and may be a little old, kept by key for `ttlMs` of the
 * injected clock. The promise itself is kept, so concurrent callers share one computation; a
 * failed computation is dropped, so the next call tries again. One per app instance, declared in
 * AppDeps (deps.ts), so test apps side by side never answer from each other's memory.
 */
export class ExpiringMemo<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string, now: Date, compute: () => Promise<T>): Promise<T> {
    const at = now.getTime();
    // Entries from the future (a test clock moved back) are as stale as old ones.
    for (const [stored, entry] of this.entries) if (at - entry.at >= this.ttlMs || at < entry.at) this.entries.delete(stored);
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    const value = compute();
    const entry = { at, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }
}
