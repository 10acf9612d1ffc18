import { z } from 'zod';
import { REPORT_FORMATS } from './resources.ts';
import { tanodSummarySchema } from './patrols.ts';
import { msg, ph } from '@lingui/core/macro';
import { fieldMessage, translate, zodMessage, type FieldLabel } from './i18n.ts';

/**
 * Performance (docs/product.md §4.10): a tanod's figures for a period, computed in SQL on
 * the server. Every call is under `/api` with a bearer token:
 * - `GET /api/performance/{tanodId}?period=…` → {@link TanodPerformance} (the tanod themself, an admin
 *   or the supadmin; another tanod 403);
 * - `GET /api/performance?period=…` → {@link PerformanceList} (admin/supadmin): every active tanod, ranked;
 * - `POST /api/performance/report` {@link PerformanceReportRequest} (admin/supadmin) → a PDF or CSV file.
 *
 * Periods are calendar days in the barangay's time zone (settings, default Asia/Manila):
 * `week` is Monday–Sunday of the current week, `month`/`quarter`/`year` the calendar month/quarter/year
 * containing today, `custom` is `from`–`to`, both days included, at most {@link PERFORMANCE_LIMITS.maxDays}.
 *
 * Rates are fractions in 0..1 (not percent) and are `null` when they have no denominator; averages
 * are `null` when nothing was averaged.
 */

export const PERFORMANCE_LIMITS = {
  /** The longest custom period: a leap year and a day of slack. */
  maxDays: 367,
  /** Longer periods chart per week (Monday-start buckets) instead of per day. */
  dailySeriesMaxDays: 62,
  /** `pdfPassword` length. */
  pdfPasswordMinLength: 4,
  pdfPasswordMaxLength: 128,
} as const;

export const PERFORMANCE_PERIODS = ['week', 'month', 'quarter', 'year', 'custom'] as const;
export type PerformancePeriodKind = (typeof PERFORMANCE_PERIODS)[number];

const isoDay = (field: FieldLabel) => z.iso.date(fieldMessage(field, (label) => msg`${label} must be a date as YYYY-MM-DD`));

const periodFields = {
  period: z
    .enum(PERFORMANCE_PERIODS, zodMessage(msg`period must be week, month, quarter, year or custom`))
    .default('month'),
  /** Only for `custom`; ignored otherwise. */
  from: isoDay('from').optional(),
  to: isoDay('to').optional(),
};

type PeriodFields = { period: PerformancePeriodKind; from?: string | undefined; to?: string | undefined };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The refinements every period input shares: `custom` needs from ≤ to and at most maxDays. */
function checkPeriod(value: PeriodFields, ctx: z.RefinementCtx): void {
  if (value.period !== 'custom') return;
  if (!value.from) ctx.addIssue({ code: 'custom', path: ['from'], message: translate(msg`from is required for a custom period`) });
  if (!value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: translate(msg`to is required for a custom period`) });
  // A malformed day is reported on its own field; comparing it would only add noise.
  if (!value.from || !value.to || !ISO_DAY.test(value.from) || !ISO_DAY.test(value.to)) return;
  if (value.to < value.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: translate(msg`to must not be before from`) });
    return;
  }
  if (daysBetween(value.from, value.to) + 1 > PERFORMANCE_LIMITS.maxDays) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: translate(msg`A period is at most ${ph({ max: PERFORMANCE_LIMITS.maxDays })} days`) });
  }
}

/** `?period=week|month|quarter|year|custom&from=&to=` (default `month`). */
export const performancePeriodQuerySchema = z.object(periodFields).superRefine(checkPeriod);
export type ParsedPerformancePeriodQuery = z.output<typeof performancePeriodQuerySchema>;

/** A resolved period: calendar days, both included, in the barangay's time zone. */
export const performancePeriodSchema = z.object({
  kind: z.enum(PERFORMANCE_PERIODS),
  from: z.string(),
  to: z.string(),
  /** e.g. "Week of 23 Nov 2026", "November 2026", "Q4 2026", "2026", "1 Nov 2026 – 15 Nov 2026". */
  label: z.string(),
});
export type PerformancePeriod = z.infer<typeof performancePeriodSchema>;

/** One chart bucket: a day, or a week (Monday) when the period is longer than 62 days. */
export const performanceSeriesPointSchema = z.object({
  /** The bucket's first day, YYYY-MM-DD (a Monday for weekly buckets, clipped to the period start). */
  date: z.string(),
  hoursPatrolled: z.number(),
  incidentsResponded: z.number(),
  incidentsResolved: z.number(),
});
export type PerformanceSeriesPoint = z.infer<typeof performanceSeriesPointSchema>;

export const tanodPerformanceSummarySchema = z.object({
  tanod: tanodSummarySchema,
  period: performancePeriodSchema,
  /** attendedShifts / scheduledShifts; null without scheduled shifts. */
  attendanceRate: z.number().nullable(),
  /** On-time arrivals / attendedShifts; null without attended shifts. */
  onTimeRate: z.number().nullable(),
  /** Mean minutes late over attended shifts (on time counts 0); null without attended shifts. */
  averageLatenessMinutes: z.number().nullable(),
  /** The tanod's scheduled shifts whose start fell in the period and is already past. */
  scheduledShifts: z.number().int(),
  /** Of those, the ones the tanod started a patrol for. */
  attendedShifts: z.number().int(),
  /** Patrols ended in the period (counted on the day they started). */
  patrolsCompleted: z.number().int(),
  /** Hours on patrol (start → end, or → now while active), two decimals. */
  hoursPatrolled: z.number(),
  /** Kilometres along the tanod's track points in the period, two decimals. */
  distanceKm: z.number(),
  /** Incidents the tanod responded to (their response time fell in the period). */
  incidentsResponded: z.number().int(),
  /** Incidents the tanod resolved (their resolution time fell in the period). */
  incidentsResolved: z.number().int(),
  /** Mean minutes from report to the tanod's response; null without responses. */
  averageResponseMinutes: z.number().nullable(),
  /** Mean minutes from report to resolution; null without resolutions. */
  averageResolutionMinutes: z.number().nullable(),
  /** Mean of visible (not hidden) ratings received in the period, two decimals; null without any. */
  ratingAverage: z.number().nullable(),
  ratingCount: z.number().int(),
  /** Counts of 1, 2, 3, 4 and 5 stars, in that order. */
  ratingDistribution: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]),
  /** Loans that fell due in the period (whether returned or not). */
  loansDue: z.number().int(),
  /** Of those, returned by their due time. */
  loansReturnedOnTime: z.number().int(),
  /** loansReturnedOnTime / loansDue; null without loans due. */
  onTimeReturnRate: z.number().nullable(),
  /** 1-based rank by the composite score among active tanods (ties share a rank: 1, 2, 2, 4); null if not active. */
  rank: z.number().int().nullable(),
  /** The number of active tanods ranked. */
  rankOf: z.number().int(),
  /** How many other ranked tanods share this rank (the same score); 0 when none or not ranked. */
  tiedWith: z.number().int(),
  /**
   * Share of the other ranked tanods scoring lower, a tie counting half, 0..100 (100 = best); null
   * if not ranked, or when every ranked tanod has the same score (there is no order to place them in).
   */
  percentile: z.number().nullable(),
  /** The composite score 0..100 the rank is built on (docs/decisions/012-performance-score.md). */
  score: z.number(),
});
export type TanodPerformanceSummary = z.infer<typeof tanodPerformanceSummarySchema>;

/** `GET /api/performance/{tanodId}`. */
export const tanodPerformanceSchema = tanodPerformanceSummarySchema.extend({
  series: z.array(performanceSeriesPointSchema),
});
export type TanodPerformance = z.infer<typeof tanodPerformanceSchema>;

/** `GET /api/performance`: every active tanod, best first. */
export const performanceListSchema = z.object({
  period: performancePeriodSchema,
  items: z.array(tanodPerformanceSummarySchema),
});
export type PerformanceList = z.infer<typeof performanceListSchema>;

export const performanceTanodParamsSchema = z.object({ tanodId: z.uuid(zodMessage(msg`Unknown tanod`)) });

/**
 * `POST /api/performance/report` (admin/supadmin). `password` is the admin's own (re-checked; wrong →
 * 403 `wrong_password`). Omit `tanodId` for every active tanod. `pdfPassword` encrypts the PDF.
 * Answers the file with `Content-Disposition: attachment`; CSV is UTF-8 with a BOM, every field quoted.
 */
export const performanceReportRequestSchema = z
  .object({
    ...periodFields,
    tanodId: z.uuid(zodMessage(msg`Unknown tanod`)).optional(),
    format: z.enum(REPORT_FORMATS, zodMessage(msg`format must be pdf or csv`)).default('pdf'),
    password: z.string(zodMessage(msg`password is required`)).min(1, zodMessage(msg`password is required`)).max(256),
    pdfPassword: z
      .string()
      .min(
        PERFORMANCE_LIMITS.pdfPasswordMinLength,
        zodMessage(msg`pdfPassword must be at least ${ph({ min: PERFORMANCE_LIMITS.pdfPasswordMinLength })} characters`),
      )
      .max(PERFORMANCE_LIMITS.pdfPasswordMaxLength)
      .optional(),
  })
  .superRefine(checkPeriod);
export type PerformanceReportRequest = z.input<typeof performanceReportRequestSchema>;

// --- Period arithmetic (pure; the server passes "today" in the barangay's time zone) -----------------

// The months in the periods' labels, translated when a label is made (in the request's language
// on the server). The context tells the short "May" from the full one.
const MONTHS = [
  msg({ message: 'Jan', context: 'short month' }),
  msg({ message: 'Feb', context: 'short month' }),
  msg({ message: 'Mar', context: 'short month' }),
  msg({ message: 'Apr', context: 'short month' }),
  msg({ message: 'May', context: 'short month' }),
  msg({ message: 'Jun', context: 'short month' }),
  msg({ message: 'Jul', context: 'short month' }),
  msg({ message: 'Aug', context: 'short month' }),
  msg({ message: 'Sep', context: 'short month' }),
  msg({ message: 'Oct', context: 'short month' }),
  msg({ message: 'Nov', context: 'short month' }),
  msg({ message: 'Dec', context: 'short month' }),
];
const MONTH_NAMES = [
  msg({ message: 'January', context: 'month' }),
  msg({ message: 'February', context: 'month' }),
  msg({ message: 'March', context: 'month' }),
  msg({ message: 'April', context: 'month' }),
  msg({ message: 'May', context: 'month' }),
  msg({ message: 'June', context: 'month' }),
  msg({ message: 'July', context: 'month' }),
  msg({ message: 'August', context: 'month' }),
  msg({ message: 'September', context: 'month' }),
  msg({ message: 'October', context: 'month' }),
  msg({ message: 'November', context: 'month' }),
  msg({ message: 'December', context: 'month' }),
];

function parseDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (YYYY-MM-DD); negative when b is before a. */
export function daysBetween(a: string, b: string): number {
  return Math.round((parseDay(b).getTime() - parseDay(a).getTime()) / 86_400_000);
}

/** `day` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = parseDay(day);
  date.setUTCDate(date.getUTCDate() + days);
  return formatDay(date);
}

/** "23 Nov 2026", the month in the language in use. */
export function formatPerformanceDay(day: string): string {
  const date = parseDay(day);
  return `${date.getUTCDate()} ${translate(MONTHS[date.getUTCMonth()]!)} ${date.getUTCFullYear()}`;
}

/**
 * Resolves a period query against today's date (YYYY-MM-DD in the barangay's time zone). Its label
 * is in the language in use (the request's, on the server).
 */
export function resolvePerformancePeriod(query: PeriodFields, today: string): PerformancePeriod {
  const date = parseDay(today);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  switch (query.period) {
    case 'week': {
      const weekday = (date.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
      const from = addDays(today, -weekday);
      const day = formatPerformanceDay(from);
      return { kind: 'week', from, to: addDays(from, 6), label: translate(msg`Week of ${day}`) };
    }
    case 'month':
      return {
        kind: 'month',
        from: formatDay(new Date(Date.UTC(year, month, 1))),
        to: formatDay(new Date(Date.UTC(year, month + 1, 0))),
        label: `${translate(MONTH_NAMES[month]!)} ${year}`,
      };
    case 'quarter': {
      const first = month - (month % 3);
      return {
        kind: 'quarter',
        from: formatDay(new Date(Date.UTC(year, first, 1))),
        to: formatDay(new Date(Date.UTC(year, first + 3, 0))),
        label: `Q${first / 3 + 1} ${year}`,
      };
    }
    case 'year':
      return { kind: 'year', from: `${year}-01-01`, to: `${year}-12-31`, label: String(year) };
    case 'custom': {
      const from = query.from ?? today;
      const to = query.to ?? from;
      const label =
        from === to ? formatPerformanceDay(from) : `${formatPerformanceDay(from)} – ${formatPerformanceDay(to)}`;
      return { kind: 'custom', from, to, label };
    }
  }
}

/** Whether a period charts per week (true) or per day. */
export function performanceSeriesIsWeekly(period: Pick<PerformancePeriod, 'from' | 'to'>): boolean {
  return daysBetween(period.from, period.to) + 1 > PERFORMANCE_LIMITS.dailySeriesMaxDays;
}
