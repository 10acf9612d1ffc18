import type { Executor } from '../../db/transaction.ts';
import { findSettings } from '../settings/settings.repository.ts';

/** The barangay's time zone (settings), Asia/Manila until one is set. */
export async function barangayTimeZone(db: Executor): Promise<string> {
  return (await findSettings(db))?.timezone ?? 'Asia/Manila';
}
