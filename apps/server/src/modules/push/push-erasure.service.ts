import type { Executor } from '../../db/transaction.ts';
import { deletePushDataOf } from './push-erasure.repository.ts';

/**
 * An account's deletion (privacy's `DELETE /api/residents/me`, docs/decisions/028-advisories-and-privacy.md)
 * takes what push keeps of the person, in the deletion's transaction: each browser's endpoint and
 * keys (whoever holds them can post to that phone's lock screen) and the alert choices. It does not
 * wait for the account row's cascade, which never runs when the row has to be kept, blanked.
 */
export async function erasePushDataOf(tx: Executor, userId: string): Promise<{ subscriptions: number }> {
  return deletePushDataOf(tx, userId);
}
