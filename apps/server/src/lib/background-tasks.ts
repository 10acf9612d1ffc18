import type { AdapterLogger } from '../adapters/outside-service.ts';

/**
 * Work a request starts but does not wait for (sending an email whose outcome must not change
 * the answer's timing). Failures are logged. `idle()` resolves once nothing is pending, so tests
 * and shutdown can wait for it instead of sleeping.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: AdapterLogger) {}

  run(name: string, work: () => Promise<void>): void {
    const task = (async () => {
      try {
        await work();
      } catch (error) {
        this.log.error(`background task "${name}" failed: ${(error as Error).message}`, { err: error });
      }
    })();
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
