import { and, eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { smsNumbers, smsThreads } from '../../db/schema/index.ts';

/**
 * The threads of a number or of an account (their messages go with them, `on delete cascade`),
 * and the number's row unless it records a STOP or a block. Returns how many threads went.
 */
export async function deleteTextLineDataOf(db: Executor, person: { userId: string; phoneNumber: string | null }): Promise<number> {
  const threads = await db
    .delete(smsThreads)
    .where(person.phoneNumber ? or(eq(smsThreads.residentId, person.userId), eq(smsThreads.phoneNumber, person.phoneNumber)) : eq(smsThreads.residentId, person.userId))
    .returning({ id: smsThreads.id });
  if (person.phoneNumber) {
    await db.delete(smsNumbers).where(and(eq(smsNumbers.phoneNumber, person.phoneNumber), isNull(smsNumbers.optedOutAt), isNull(smsNumbers.blockedAt)));
  }
  return threads.length;
}
