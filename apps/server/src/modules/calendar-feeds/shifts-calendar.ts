import { t } from '@lingui/core/macro';
import { PATROL_LIMITS, middleOf, type ScheduleShift } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { isLocale, withLocale } from '../../lib/i18n.ts';
import { findPatrolArea } from '../patrol-areas/index.ts';
import { describeWindow, listMembersOf, listSchedules } from '../schedules/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { findUserById } from '../users/index.ts';
import { writeCalendar, type FeedShift } from './calendar-ics.ts';

const DAY_MS = 86_400_000;

/** Calendars are asked to read the feed again after an hour (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 3_600;

/**
 * The person's shifts as a calendar, in their language, or null when the account may not have a
 * feed (deactivated, deleted, or no longer a tanod): the feed then answers 404 like a revoked one.
 *
 * Only what the person's own schedule shows goes in: each occurrence they are a member of, its
 * area, times, code and the admins' notes, and whether they lead it. The crew's names, the
 * area's polygon, anyone's phone or position stay out, because a feed's URL travels (calendar
 * apps sync it to other devices and services) and its reader is not signed in.
 *
 * Repeats are already expanded: schedules stores each occurrence of a series as its own row
 * (schedules.service.ts, repeatWindows), so the window is read through schedules' door and every
 * occurrence is one VEVENT with its own UID. A deleted (cancelled) occurrence has no row and is
 * simply gone from the next read.
 */
export async function readShiftsCalendar(
  deps: AppDeps,
  userId: string,
  window: { daysBack: number; daysAhead: number },
): Promise<{ body: string } | null> {
  const person = await findUserById(deps.db, userId);
  if (!person || person.status !== 'active' || person.userType !== 'tanod') return null;
  const now = deps.clock.now();
  const schedules = await listSchedules(deps.db, {
    from: new Date(now.getTime() - window.daysBack * DAY_MS),
    to: new Date(now.getTime() + window.daysAhead * DAY_MS),
    tanodId: userId,
  });
  const leads = new Set(
    (await listMembersOf(deps.db, schedules.map((row) => row.id))).filter((member) => member.tanodId === userId && member.isLeader).map((member) => member.scheduleId),
  );
  const areas = new Map<string, Awaited<ReturnType<typeof findPatrolArea>>>();
  for (const areaId of new Set(schedules.map((row) => row.patrolAreaId))) areas.set(areaId, await findPatrolArea(deps.db, areaId));
  const settings = await getPublicSettings(deps);
  const locale = isLocale(person.language) ? person.language : 'en';
  const reminderMinutes = Math.round(PATROL_LIMITS.reminderBeforeMs / 60_000);

  const body = withLocale(locale, () => {
    const barangay = settings.name;
    const shifts: FeedShift[] = schedules.map((row) => {
      const area = areas.get(row.patrolAreaId);
      const areaName = area?.name ?? t`Patrol area`;
      const code = row.code;
      const window = describeWindow(row, settings.timezone, locale);
      const lines = [t`Patrol schedule ${code}, ${window}`];
      if (leads.has(row.id)) lines.push(t`You lead this patrol.`);
      if (row.notes) {
        const notes = row.notes;
        lines.push(t`Notes: ${notes}`);
      }
      const lastModified = new Date(Math.max(row.updatedAt.getTime(), area?.updatedAt.getTime() ?? 0));
      return {
        id: row.id,
        summary: summaryOf(row.shift, areaName),
        description: lines.join('\n'),
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        createdAt: row.createdAt,
        lastModified,
        // Seconds between the occurrence's creation and its last change: it only grows, and a
        // change of time, area or notes (schedules.service.ts, updatedAt) makes it larger.
        sequence: Math.max(0, Math.floor((row.updatedAt.getTime() - row.createdAt.getTime()) / 1000)),
        location: { title: `${areaName}, ${barangay}`, point: area ? middleOf(area.polygon) : null },
        // The app's own reminder comes this long before (schedule-reminders.job.ts); the phone's matches it.
        reminder: { beforeSeconds: reminderMinutes * 60, text: t`Your patrol in ${areaName} starts in ${reminderMinutes} minutes` },
      };
    });
    const back = window.daysBack;
    const ahead = window.daysAhead;
    return writeCalendar({
      name: t`${barangay} patrol shifts`,
      description: t`Your Bantay patrol shifts from ${back} days ago to ${ahead} days ahead`,
      timezone: settings.timezone,
      uidDomain: new URL(deps.config.publicUrl).hostname,
      refreshSeconds: REFRESH_SECONDS,
      appUrl: `${deps.config.publicUrl}/Schedule`,
      shifts,
    });
  });
  return { body };
}

function summaryOf(shift: ScheduleShift, areaName: string): string {
  if (shift === 'day') return t`Patrol: ${areaName} (day shift)`;
  if (shift === 'night') return t`Patrol: ${areaName} (night shift)`;
  return t`Patrol: ${areaName}`;
}
