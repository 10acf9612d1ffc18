import { z } from 'zod';

/**
 * The duty roster: `GET /api/schedules/roster.pdf` and `GET /api/schedules/roster.csv`, the shifts
 * that start on the days `from` to `to` (both included, calendar days in the barangay's time zone,
 * at most 31: a week or a month), with their area, hours, team leader and members.
 *
 * Admins print everyone's, optionally one area's or one tanod's; a tanod prints their own shifts
 * (another `tanodId` is refused with 403). The CSV is UTF-8 with a byte-order mark, every field
 * quoted, one row per shift (docs/decisions/019-incident-evidence-and-printouts.md).
 */

export const ROSTER_LIMITS = {
  /** A month at most: a longer roster is not something one posts on a wall. */
  maxDays: 31,
} as const;

export const ROSTER_CSV_HEADER = ['Date', 'Day', 'Shift', 'Start', 'End', 'Area', 'Schedule', 'Team leader', 'Members', 'Notes'] as const;

const DAY_MS = 86_400_000;

export const rosterQuerySchema = z
  .object({
    from: z.iso.date('Enter the first day as YYYY-MM-DD'),
    to: z.iso.date('Enter the last day as YYYY-MM-DD'),
    areaId: z.uuid('Unknown area').optional(),
    tanodId: z.uuid('Unknown tanod').optional(),
  })
  .superRefine((value, ctx) => {
    const days = (Date.parse(value.to) - Date.parse(value.from)) / DAY_MS + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must not be before the first' });
    else if (days > ROSTER_LIMITS.maxDays) ctx.addIssue({ code: 'custom', path: ['to'], message: `A roster covers at most ${ROSTER_LIMITS.maxDays} days` });
  });
export type RosterQuery = z.infer<typeof rosterQuerySchema>;
