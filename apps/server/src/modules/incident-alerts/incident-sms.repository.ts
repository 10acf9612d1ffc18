import { and, asc, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { UserType } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import { users } from '../../db/schema/index.ts';

export interface SmsAlertRecipient {
  id: string;
  userType: UserType;
  phoneNumber: string;
  /** The account's language (decision 029); the text is written in it, English when unset. */
  language: 'en' | 'fil' | null;
}

/**
 * Who is texted about an emergency: every active admin and supadmin, and the given
 * on-duty tanods, as long as they have a phone number. Ordered by id so the sends are stable.
 */
export async function listSmsAlertRecipients(db: Executor, tanodIds: readonly string[]): Promise<SmsAlertRecipient[]> {
  const admins = inArray(users.userType, ['admin', 'supadmin']);
  const tanods = tanodIds.length > 0 ? and(eq(users.userType, 'tanod'), inArray(users.id, [...tanodIds])) : undefined;
  const rows = await db
    .select({ id: users.id, userType: users.userType, phoneNumber: users.phoneNumber, language: users.language })
    .from(users)
    .where(and(eq(users.status, 'active'), isNotNull(users.phoneNumber), ne(users.phoneNumber, ''), tanods ? or(admins, tanods) : admins))
    .orderBy(asc(users.id));
  return rows.filter((row): row is SmsAlertRecipient => row.phoneNumber !== null);
}
