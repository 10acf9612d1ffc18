import type { AppDeps } from '../../deps.ts';
import { countNotificationsOf, insertNotificationRows } from '../notifications/notifications.repository.ts';
import { findUserByUsername } from '../users/users.repository.ts';
import { DEMO_STAFF } from '../users/users.demo.ts';

interface DemoNotification {
  message: string;
  kind: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago each of the twelve happened, newest first; the first four stay unread. */
const AGES = [3 * MINUTE, 25 * MINUTE, 2 * HOUR, 5 * HOUR, DAY + 2 * HOUR, 2 * DAY, 3 * DAY, 5 * DAY, 8 * DAY, 12 * DAY, 16 * DAY, 24 * DAY];
const UNREAD_AFTER_THE_FIRST_FOUR = new Set([6, 9]);

// Each list covers every category chip of the panel (docs/product.md §A4 keyword rules), two or three each.
export const TANOD_DEMO_NOTIFICATIONS: DemoNotification[] = [
  { message: 'Emergency report ER-7K3F-9QXM: fire near the public market. Respond now.', kind: 'incident.reported' },
  { message: 'Backup needed: Tanod Reyes asked for help near the covered court.', kind: 'assistance.requested' },
  { message: 'Reminder: your patrol in Zone 2 starts in 1 hour.', kind: 'patrol.reminder' },
  { message: 'Please return the borrowed raincoat by Friday.', kind: 'loan.due' },
  { message: 'New incident reported at Mabini St. corner Rizal Ave.: noise complaint.', kind: 'incident.reported' },
  { message: 'Your request for assistance at Purok 3 was approved. Two tanods are on the way.', kind: 'assistance.approved' },
  { message: 'Schedule change: your Saturday night shift now starts at 10:00 PM.', kind: 'schedule.changed' },
  { message: 'Equipment request approved: 1 flashlight and 1 radio are ready for pickup.', kind: 'loan.approved' },
  { message: 'Incident IR-4M2P-8XTQ you responded to was marked resolved.', kind: 'incident.resolved' },
  { message: 'Your patrol schedule for next week has been posted.', kind: 'schedule.published' },
  { message: 'Barangay assembly on Sunday, 9:00 AM at the multi-purpose hall.', kind: 'general' },
  { message: 'Welcome to Bantay! Set up SMS two-factor authentication in your account settings.', kind: 'general' },
];

export const ADMIN_DEMO_NOTIFICATIONS: DemoNotification[] = [
  { message: 'Tanod Dela Cruz requested assistance for incident IR-4M2P-8XTQ.', kind: 'assistance.requested' },
  { message: 'Emergency report ER-2HD8-6WQN received: medical case on Kalayaan St.', kind: 'incident.reported' },
  { message: 'Tanod Mendoza was absent from the 6:00 AM patrol in Zone 1.', kind: 'patrol.absent' },
  { message: 'Overdue: 2 radios borrowed by Tanod Aquino were due yesterday.', kind: 'loan.overdue' },
  { message: 'New incident reported: stray dogs near San Isidro Elementary School.', kind: 'incident.reported' },
  { message: 'Assistance request AR-1029 is waiting for your decision.', kind: 'assistance.requested' },
  { message: "Next week's schedule has 2 shifts without a team leader.", kind: 'schedule.incomplete' },
  { message: 'Equipment stock low: only 1 first-aid kit available.', kind: 'inventory.low' },
  { message: 'Incident IR-9PLX-3KDW was marked as a false alarm by Tanod Reyes.', kind: 'incident.false_alarm' },
  { message: 'Tanod Garcia started the night patrol late (12 minutes).', kind: 'patrol.late' },
  { message: 'New tanod account created for Paolo Aquino.', kind: 'general' },
  { message: 'Monthly performance report for May is ready.', kind: 'general' },
];

/**
 * Gives each demo staff user a dozen notifications across every category and age, some read.
 * Idempotent: a user who already has notifications is left alone (one who deleted them all gets
 * the demo set again).
 */
export async function seedDemoNotifications(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const now = deps.clock.now().getTime();
  for (const staff of DEMO_STAFF) {
    const user = await findUserByUsername(deps.db, staff.username);
    if (!user || (await countNotificationsOf(deps.db, user.id)) > 0) continue;
    const set = user.userType === 'tanod' ? TANOD_DEMO_NOTIFICATIONS : ADMIN_DEMO_NOTIFICATIONS;
    await insertNotificationRows(
      deps.db,
      set.map((item, index) => ({
        userId: user.id,
        message: item.message,
        kind: item.kind,
        read: index >= 4 && !UNREAD_AFTER_THE_FIRST_FOUR.has(index),
        createdAt: new Date(now - AGES[index]!),
      })),
    );
  }
}
