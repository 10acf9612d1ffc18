import type { Executor } from '../../db/transaction.ts';
import { findSettings } from './settings.repository.ts';

/** The barangay's time zone, Asia/Manila until one is set (loans' due times, trips' notices). */
export async function barangayTimeZone(db: Executor): Promise<string> {
  return (await findSettings(db))?.timezone ?? 'Asia/Manila';
}
