import type { Db } from './client.ts';

/** A transaction handle: it has the full query API of the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Either the database or a transaction: repositories accept both. */
export type Executor = Db | Tx;

/** Registers an effect to run once the transaction has committed (see inTransaction). */
export type AfterCommit = (effect: () => void) => void;

/**
 * Runs `work` in one transaction. Side effects that others can observe (socket events) are
 * registered with `afterCommit` and run only once the transaction has committed, so nobody is ever
 * told about a change that was rolled back.
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Tx, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> {
  const effects: (() => void)[] = [];
  const result = await db.transaction((tx) => work(tx, (effect) => effects.push(effect)));
  for (const effect of effects) effect();
  return result;
}
