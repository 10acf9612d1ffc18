import { count, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { notes } from '../../db/schema/index.ts';
import { dayIn } from '../../lib/time-zone.ts';
import { getPublicSettings } from '../settings/settings.service.ts';
import { findUserByUsername } from '../users/users.repository.ts';

/**
 * Demo calendar notes (`npm run seed:demo`): a few for the admin and two tanods, on days around
 * today in the barangay's timezone, so both dashboards' calendars have dots. A user who already
 * has notes gets none (seeding twice changes nothing).
 */
const NOTES: Record<string, { offset: number; text: string }[]> = {
  admin: [
    { offset: 0, text: 'Check the overdue radios with the supply officer' },
    { offset: 2, text: 'Barangay council meeting, 3 PM: present the monthly tanod report' },
    { offset: 5, text: 'Fiesta planning: traffic and crowd detail' },
    { offset: -3, text: 'Sent the incident summary to the city police station' },
  ],
  tanod1: [
    { offset: 0, text: 'Bring the spare flashlight batteries for the night shift' },
    { offset: 1, text: 'Team briefing at the hall, 5:30 PM' },
    { offset: 4, text: 'First-aid refresher training, 9 AM' },
    { offset: -2, text: 'Followed up the noise complaint on Purok 3' },
  ],
  tanod2: [
    { offset: 1, text: 'Swap shift with Andres (approved by admin)' },
    { offset: 6, text: 'Return the raincoat' },
  ],
};

/** `YYYY-MM-DD` plus whole days (calendar days carry no zone, so UTC arithmetic is exact). */
const shifted = (day: string, offset: number) => new Date(Date.parse(`${day}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

export async function seedDemoNotes(deps: AppDeps): Promise<void> {
  const { timezone } = await getPublicSettings(deps);
  const now = deps.clock.now();
  const today = dayIn(timezone, now);
  for (const [username, list] of Object.entries(NOTES)) {
    const user = await findUserByUsername(deps.db, username);
    if (!user) continue;
    const [existing] = await deps.db.select({ n: count() }).from(notes).where(eq(notes.userId, user.id));
    if (Number(existing?.n ?? 0) > 0) continue;
    await deps.db.insert(notes).values(list.map((note) => ({ userId: user.id, day: shifted(today, note.offset), text: note.text, createdAt: now, updatedAt: now })));
  }
}
