import type { Day, FormatDistanceToken, FormatLongWidth, Locale, LocaleDayPeriod, LocaleWidth, Month } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';

/**
 * Filipino for date-fns (decision 029, docs/product.md §12), which ships no Filipino locale: the
 * month and day names, AM/PM, the long formats and the "5 minuto ang nakalipas" of a distance.
 * Written by hand because date-fns does not export the builders its own locales use. Numbers stay
 * plain ("Nob 27", never an ordinal), as dates are written in the barangay. Only formatting is
 * translated: the app never parses a date from text, so the parser stays date-fns' English one.
 * Shared: the web's labels (apps/web/src/lib/zoned-time.ts) and the server's documents (apps/server/src/lib/time-zone.ts) use it.
 */

type Width = 'narrow' | 'short' | 'abbreviated' | 'wide';

const MONTHS: Record<Exclude<Width, 'short'>, readonly string[]> = {
  narrow: ['E', 'P', 'M', 'A', 'M', 'H', 'H', 'A', 'S', 'O', 'N', 'D'],
  abbreviated: ['Ene', 'Peb', 'Mar', 'Abr', 'May', 'Hun', 'Hul', 'Ago', 'Set', 'Okt', 'Nob', 'Dis'],
  wide: ['Enero', 'Pebrero', 'Marso', 'Abril', 'Mayo', 'Hunyo', 'Hulyo', 'Agosto', 'Setyembre', 'Oktubre', 'Nobyembre', 'Disyembre'],
};

const DAYS: Record<Width, readonly string[]> = {
  narrow: ['L', 'L', 'M', 'M', 'H', 'B', 'S'],
  short: ['Li', 'Lu', 'Ma', 'Mi', 'Hu', 'Bi', 'Sa'],
  abbreviated: ['Lin', 'Lun', 'Mar', 'Miy', 'Huw', 'Biy', 'Sab'],
  wide: ['Linggo', 'Lunes', 'Martes', 'Miyerkules', 'Huwebes', 'Biyernes', 'Sabado'],
};

/** AM and PM as the barangay writes them; the rarer periods (token `B`) in words. */
const DAY_PERIODS: Record<LocaleDayPeriod, string> = {
  am: 'AM',
  pm: 'PM',
  midnight: 'hatinggabi',
  noon: 'tanghali',
  morning: 'umaga',
  afternoon: 'hapon',
  evening: 'gabi',
  night: 'gabi',
};

const QUARTERS = ['unang kwarter', 'ikalawang kwarter', 'ikatlong kwarter', 'ikaapat na kwarter'] as const;

/** date-fns asks for `any` only when parsing; it reads as the full name. */
const widthOf = (options?: { width?: LocaleWidth }): Width => (!options?.width || options.width === 'any' ? 'wide' : options.width);

const localize: Locale['localize'] = {
  ordinalNumber: (value) => String(value),
  era: (era, options) => (widthOf(options) === 'wide' ? ['Bago si Kristo', 'Anno Domini'] : ['BC', 'AD'])[era]!,
  quarter: (quarter, options) => (widthOf(options) === 'wide' ? QUARTERS[quarter - 1]! : `Q${quarter}`),
  month: (month: Month, options) => {
    const width = widthOf(options);
    return MONTHS[width === 'short' ? 'abbreviated' : width][month]!;
  },
  day: (day: Day, options) => DAYS[widthOf(options)][day]!,
  dayPeriod: (period: LocaleDayPeriod) => DAY_PERIODS[period],
};

/** Like English, with no "at" between a date and a time ("Nobyembre 27, 2026, 5:00 PM"). */
const DATE_FORMATS = { full: 'EEEE, MMMM d, y', long: 'MMMM d, y', medium: 'MMM d, y', short: 'MM/dd/yyyy' } as const;
const TIME_FORMATS = { full: 'h:mm:ss a zzzz', long: 'h:mm:ss a z', medium: 'h:mm:ss a', short: 'h:mm a' } as const;
const DATE_TIME_FORMATS = { full: '{{date}}, {{time}}', long: '{{date}}, {{time}}', medium: '{{date}}, {{time}}', short: '{{date}}, {{time}}' } as const;

/** The format of a width; `any` (asked only when parsing) reads as `full`. */
const pick =
  (formats: Record<keyof typeof DATE_FORMATS, string>) =>
  (options: { width?: FormatLongWidth }): string =>
    formats[!options.width || options.width === 'any' ? 'full' : options.width];

const formatLong: Locale['formatLong'] = {
  date: pick(DATE_FORMATS),
  time: pick(TIME_FORMATS),
  dateTime: pick(DATE_TIME_FORMATS),
};

/** Filipino counts take no plural ending: "1 minuto", "5 minuto". */
const DISTANCES: Record<FormatDistanceToken, { one: string; other: string }> = {
  lessThanXSeconds: { one: 'wala pang isang segundo', other: 'wala pang {{count}} segundo' },
  xSeconds: { one: '1 segundo', other: '{{count}} segundo' },
  halfAMinute: { one: 'kalahating minuto', other: 'kalahating minuto' },
  lessThanXMinutes: { one: 'wala pang isang minuto', other: 'wala pang {{count}} minuto' },
  xMinutes: { one: '1 minuto', other: '{{count}} minuto' },
  aboutXHours: { one: 'mga 1 oras', other: 'mga {{count}} oras' },
  xHours: { one: '1 oras', other: '{{count}} oras' },
  xDays: { one: '1 araw', other: '{{count}} araw' },
  aboutXWeeks: { one: 'mga 1 linggo', other: 'mga {{count}} linggo' },
  xWeeks: { one: '1 linggo', other: '{{count}} linggo' },
  aboutXMonths: { one: 'mga 1 buwan', other: 'mga {{count}} buwan' },
  xMonths: { one: '1 buwan', other: '{{count}} buwan' },
  aboutXYears: { one: 'mga 1 taon', other: 'mga {{count}} taon' },
  xYears: { one: '1 taon', other: '{{count}} taon' },
  overXYears: { one: 'mahigit 1 taon', other: 'mahigit {{count}} taon' },
  almostXYears: { one: 'halos 1 taon', other: 'halos {{count}} taon' },
};

const formatDistance: Locale['formatDistance'] = (token, count, options) => {
  const forms = DISTANCES[token];
  const text = count === 1 ? forms.one : forms.other.replace('{{count}}', String(count));
  if (!options?.addSuffix) return text;
  return options.comparison !== undefined && options.comparison > 0 ? `sa loob ng ${text}` : `${text} ang nakalipas`;
};

const RELATIVE = {
  lastWeek: "'noong' eeee 'nang' p",
  yesterday: "'kahapon nang' p",
  today: "'ngayon nang' p",
  tomorrow: "'bukas nang' p",
  nextWeek: "eeee 'nang' p",
  other: 'P',
} as const;

const formatRelative: Locale['formatRelative'] = (token) => RELATIVE[token];

export const fil: Locale = {
  code: 'fil',
  formatDistance,
  formatRelative,
  formatLong,
  localize,
  match: enUS.match,
  options: { weekStartsOn: 0, firstWeekContainsDate: 1 },
};
