import type { Executor } from '../../db/transaction.ts';
import { deleteTextLineDataOf } from './text-line-erasure.repository.ts';

/**
 * A resident's account deletion (privacy's `DELETE /api/residents/me`, docs/decisions/028-advisories-and-privacy.md),
 * in the deletion's transaction: the text line's threads with their number or account go with their
 * messages (a report made of one stays; privacy anonymises its reporter). The number's row stays
 * only when it records a STOP or a block: the wish not to be texted, or the barangay's block,
 * belongs to the number and outlives the account. Returns how many threads were deleted.
 */
export async function eraseTextLineOf(tx: Executor, person: { userId: string; phoneNumber: string | null }): Promise<number> {
  return deleteTextLineDataOf(tx, person);
}
