import { z } from 'zod';
import { msg, ph } from '@lingui/core/macro';
import { translate, translatedList, zodMessage } from './i18n.ts';

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

/** The roster CSV's header, in the language of the request (docs/product.md §12). */
export const ROSTER_CSV_HEADER = translatedList([
  msg`Date`,
  msg`Day`,
  msg`Shift`,
  msg`Start`,
  msg`End`,
  msg`Area`,
  msg`Schedule`,
  msg`Team leader`,
  msg`Members`,
  msg`Notes`,
]);

const DAY_MS = 86_400_000;

export const rosterQuerySchema = z
  .object({
    from: z.iso.date(zodMessage(msg`Enter the first day as YYYY-MM-DD`)),
    to: z.iso.date(zodMessage(msg`Enter the last day as YYYY-MM-DD`)),
    areaId: z.uuid(zodMessage(msg`Unknown area`)).optional(),
    tanodId: z.uuid(zodMessage(msg`Unknown tanod`)).optional(),
  })
  .superRefine((value, ctx) => {
    const days = (Date.parse(value.to) - Date.parse(value.from)) / DAY_MS + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: translate(msg`The last day must not be before the first`) });
    else if (days > ROSTER_LIMITS.maxDays) ctx.addIssue({ code: 'custom', path: ['to'], message: translate(msg`A roster covers at most ${ph({ max: ROSTER_LIMITS.maxDays })} days`) });
  });
export type RosterQuery = z.infer<typeof rosterQuerySchema>;
