import { overdueLoansJob } from '../modules/inventory/index.ts';
import { absencesJob } from '../modules/patrols/index.ts';
import { scheduleRemindersJob } from '../modules/schedules/index.ts';
import { trackRetentionJob } from '../modules/tracking/index.ts';
import type { Job } from '../lib/job.ts';
import { escalationJob } from '../modules/incident-handling/index.ts';
import { deliveryRetentionJob } from '../modules/deliveries/index.ts';
import { advisoryAnnouncementsJob } from '../modules/advisories/index.ts';
import { reporterRetentionJob } from '../modules/privacy/index.ts';
import { pushSubscriptionSweepJob } from '../modules/push/index.ts';
import { burstSummaryJob, unclaimedPhotosJob } from '../modules/incidents/index.ts';
import { gatewayWatchJob } from '../modules/text-line/index.ts';
import { capFeedJob } from '../modules/cap/index.ts';

/**
 * Every scheduled job of the server; main.ts starts them all. A feature adds its job here (the
 * job itself lives with its module, e.g. `modules/incident-handling/escalation.job.ts`).
 */
export const jobs: readonly Job[] = [escalationJob, overdueLoansJob, scheduleRemindersJob, absencesJob, trackRetentionJob, deliveryRetentionJob, advisoryAnnouncementsJob, reporterRetentionJob, unclaimedPhotosJob, pushSubscriptionSweepJob, burstSummaryJob, gatewayWatchJob, capFeedJob];
