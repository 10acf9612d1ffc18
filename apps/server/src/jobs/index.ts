import { overdueLoansJob } from '../modules/inventory/index.ts';
import { absencesJob } from '../modules/patrols/absences.job.ts';
import { scheduleRemindersJob } from '../modules/schedules/schedule-reminders.job.ts';
import { trackRetentionJob } from '../modules/tracking/retention.job.ts';
import type { Job } from '../lib/job.ts';
import { escalationJob } from '../modules/incidents/escalation.job.ts';
import { deliveryRetentionJob } from '../modules/deliveries/retention.job.ts';
import { advisoryAnnouncementsJob } from '../modules/advisories/announcements.job.ts';
import { reporterRetentionJob } from '../modules/privacy/reporter-retention.job.ts';

/**
 * Every scheduled job of the server; main.ts starts them all. A feature adds its job here (the
 * job itself lives with its module, e.g. `modules/incidents/escalation.job.ts`).
 */
export const jobs: readonly Job[] = [escalationJob, overdueLoansJob, scheduleRemindersJob, absencesJob, trackRetentionJob, deliveryRetentionJob, advisoryAnnouncementsJob, reporterRetentionJob];
