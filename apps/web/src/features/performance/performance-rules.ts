import { msg, t } from '@lingui/core/macro';
import {
  PERFORMANCE_LIMITS,
  type PerformanceReportRequest,
  type ReportFormat,
  type TanodPerformanceSummary,
} from '@bantay/shared';
import { periodErrors, periodFields, type PeriodSelection } from './performance-format.ts';
import { fullName } from '@/lib/full-name.ts';

// ---- The ranked table ----

export const RANKING_SORTS = [
  { value: 'rank', label: msg`Rank` },
  { value: 'name', label: msg`Name` },
  { value: 'attendance', label: msg`Attendance` },
  { value: 'onTime', label: msg`On time` },
  { value: 'hours', label: msg`Hours` },
  { value: 'distance', label: msg`Distance` },
  { value: 'incidents', label: msg`Incidents responded` },
  { value: 'response', label: msg`Response time` },
  { value: 'rating', label: msg`Rating` },
] as const;
export type RankingSort = (typeof RANKING_SORTS)[number]['value'];

/** The direction each column reads best in: a higher rate first, but the quickest response first. */
const ASCENDING_FIRST: ReadonlySet<RankingSort> = new Set(['rank', 'name', 'response']);

export const defaultDirection = (sort: RankingSort): 'asc' | 'desc' => (ASCENDING_FIRST.has(sort) ? 'asc' : 'desc');

function sortValue(row: TanodPerformanceSummary, sort: RankingSort): number | string | null {
  switch (sort) {
    case 'rank':
      return row.rank;
    case 'name':
      return fullName(row.tanod).toLocaleLowerCase();
    case 'attendance':
      return row.attendanceRate;
    case 'onTime':
      return row.onTimeRate;
    case 'hours':
      return row.hoursPatrolled;
    case 'distance':
      return row.distanceKm;
    case 'incidents':
      return row.incidentsResponded;
    case 'response':
      return row.averageResponseMinutes;
    case 'rating':
      return row.ratingAverage;
  }
}

/**
 * The rows whose name matches `search` (every word, any order, ignoring case and accents), sorted by
 * a column. Missing figures (no shifts, no ratings) always go last, whichever the direction; ties
 * keep the server's rank order.
 */
export function rankRows(
  rows: readonly TanodPerformanceSummary[],
  search: string,
  sort: RankingSort,
  direction: 'asc' | 'desc',
): TanodPerformanceSummary[] {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLocaleLowerCase();
  const words = fold(search).split(/\s+/).filter(Boolean);
  const matching = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => {
      const name = fold(fullName(row.tanod));
      return words.every((word) => name.includes(word));
    });
  const sign = direction === 'asc' ? 1 : -1;
  matching.sort((a, b) => {
    const x = sortValue(a.row, sort);
    const y = sortValue(b.row, sort);
    if (x === null && y === null) return a.index - b.index;
    if (x === null) return 1;
    if (y === null) return -1;
    const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number);
    return order === 0 ? a.index - b.index : sign * order;
  });
  return matching.map(({ row }) => row);
}

// ---- The report dialog ----

export interface ReportForm {
  /** Empty for every active tanod. */
  tanodId: string;
  selection: PeriodSelection;
  format: ReportFormat;
  protect: boolean;
  pdfPassword: string;
  pdfPasswordConfirm: string;
  password: string;
}

export type ReportFormErrors = Partial<
  Record<'from' | 'to' | 'pdfPassword' | 'pdfPasswordConfirm' | 'password', string>
>;

/**
 * The dialog's own checks before it asks the server: the admin's password, and a PDF password the
 * admin typed twice the same, of the server's length. Returns the request body or the errors by field,
 * in the language on screen when the admin submits.
 */
export function reportRequest(form: ReportForm): { body: PerformanceReportRequest } | { errors: ReportFormErrors } {
  const errors: ReportFormErrors = { ...periodErrors(form.selection) };
  const protect = form.format === 'pdf' && form.protect;
  if (protect) {
    const length = form.pdfPassword.length;
    const min = PERFORMANCE_LIMITS.pdfPasswordMinLength;
    const max = PERFORMANCE_LIMITS.pdfPasswordMaxLength;
    if (length < min) errors.pdfPassword = t`The PDF password must be at least ${min} characters`;
    else if (length > max) errors.pdfPassword = t`The PDF password must be at most ${max} characters`;
    else if (form.pdfPasswordConfirm !== form.pdfPassword) errors.pdfPasswordConfirm = t`The two PDF passwords do not match`;
  }
  if (!form.password) errors.password = t`Enter your password to make the report`;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      ...periodFields(form.selection),
      ...(form.tanodId ? { tanodId: form.tanodId } : {}),
      format: form.format,
      password: form.password,
      ...(protect ? { pdfPassword: form.pdfPassword } : {}),
    },
  };
}
