/**
 * A small deterministic random source (mulberry32) for demo data and benches: the same seed gives
 * the same history on every run, so the demo's charts look the same wherever it is seeded.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of `items`, each as likely as its weight. */
  weighted<T>(items: readonly { value: T; weight: number }[]): T {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    let left = this.next() * total;
    for (const item of items) {
      left -= item.weight;
      if (left < 0) return item.value;
    }
    return items[items.length - 1]!.value;
  }

  /** Roughly normal (sum of three uniforms), mean 0 and standard deviation 1. */
  normal(): number {
    return (this.next() + this.next() + this.next() - 1.5) * 2;
  }
}
