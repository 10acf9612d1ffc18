import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { EVALUATION_LIMITS } from '@bantay/shared/limits';
import { type PublicTanod, type PublicTicket } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { BotCheckError } from '@/lib/bot-check.ts';
import { fullName } from '@/lib/full-name.ts';
import { DEFAULT_TIMEZONE, formatZoned } from '@/lib/zoned-time.ts';

/**
 * Pure rules of the evaluation page: search, number formats, form checks and error texts. The
 * texts are in the language on screen when a function is called (docs/product.md §12).
 */

/** Lower-cased, accents removed, spaces collapsed: "Peña  " and "pena" compare equal. */
function normalizeName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}


/**
 * The directory is one small list (a barangay has tens of tanods, not thousands), fetched once, so
 * the search filters in the browser: instant on a slow connection, no request per keystroke.
 * Every word typed must start a word of the name ("jua dela" finds Juan Dela Cruz), or the whole
 * query must appear in it ("ela c").
 */
export function filterTanods<T extends Pick<PublicTanod, 'firstName' | 'lastName'>>(tanods: readonly T[], query: string): T[] {
  const wanted = normalizeName(query);
  if (!wanted) return [...tanods];
  const terms = wanted.split(' ');
  return tanods.filter((tanod) => {
    const name = normalizeName(fullName(tanod));
    if (name.includes(wanted)) return true;
    const words = name.split(' ');
    return terms.every((term) => words.some((word) => word.startsWith(term)));
  });
}

/** "4.3": one decimal always, so 4 reads "4.0" beside "4.5". Null when there are no ratings. */
export function formatAverage(average: number | null): string | null {
  if (average === null || !Number.isFinite(average)) return null;
  return (Math.round(average * 10) / 10).toFixed(1);
}

/** The accessible name of a star summary: "4.3 out of 5", or "No ratings yet". */
export function averageLabel(average: number | null): string {
  const rating = formatAverage(average);
  return rating === null ? t`No ratings yet` : t`${rating} out of 5`;
}

export function ratingCountLabel(count: number): string {
  return t`${plural(count, { one: '# rating', other: '# ratings' })}`;
}

/** What each number of stars means, 1 to 5. */
const STAR_WORDS: readonly MessageDescriptor[] = [msg`Poor`, msg`Fair`, msg`Good`, msg`Very good`, msg`Excellent`];

/** "Very good" for 4 stars; empty outside 1–5. */
export function starWord(value: number): string {
  const word = STAR_WORDS[value - 1];
  return word ? i18n._(word) : '';
}

/** "4 stars, Very good": the label of one star choice. */
export function starChoiceLabel(value: number): string {
  const word = starWord(value);
  return word
    ? t`${plural(value, { one: `# star, ${word}`, other: `# stars, ${word}` })}`
    : t`${plural(value, { one: '# star', other: '# stars' })}`;
}

/**
 * When a comment was left, in words a resident reads at a glance: "Today", "Yesterday",
 * "3 days ago", then the date. Days are counted in the barangay's time zone.
 */
export function commentDate(iso: string, now: Date, timeZone = DEFAULT_TIMEZONE): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const dayOf = (date: Date) => formatZoned(date, 'yyyy-MM-dd', timeZone);
  const days = Math.round((Date.parse(dayOf(now)) - Date.parse(dayOf(at))) / 86_400_000);
  if (days <= 0) return t`Today`;
  if (days === 1) return t`Yesterday`;
  if (days < 7) return t`${days} days ago`;
  const sameYear = dayOf(now).slice(0, 4) === dayOf(at).slice(0, 4);
  return formatZoned(at, sameYear ? 'MMM d' : 'MMM d, yyyy', timeZone);
}

/** The values of the feedback form. `rating` is 0 until a star is chosen. */
export interface FeedbackValues {
  rating: number;
  comment: string;
  name: string;
  anonymous: boolean;
}

export const emptyFeedback = (name = ''): FeedbackValues => ({ rating: 0, comment: '', name, anonymous: false });

// The same words as the server's shared schema, so a refusal from either side reads the same.
export const FEEDBACK_TEXTS = {
  get ratingRequired() {
    return t`Choose 1 to 5 stars`;
  },
  get commentRequired() {
    return t`Write a comment`;
  },
  get commentTooLong() {
    const max = EVALUATION_LIMITS.commentMaxLength;
    return t`The comment must be at most ${max} characters`;
  },
  get nameTooLong() {
    return t`The name is too long`;
  },
  /** A failure that is not the rater's doing (or no answer worth showing). */
  get sendFailed() {
    return t`Your rating could not be sent. Please try again.`;
  },
};

export type FeedbackField = 'rating' | 'comment' | 'name';

/** The browser's check of the form; the server checks again with the shared schema. */
export function validateFeedback(values: FeedbackValues): Partial<Record<FeedbackField, string>> {
  const errors: Partial<Record<FeedbackField, string>> = {};
  if (!Number.isInteger(values.rating) || values.rating < 1 || values.rating > 5) errors.rating = FEEDBACK_TEXTS.ratingRequired;
  const comment = values.comment.trim();
  if (!comment) errors.comment = FEEDBACK_TEXTS.commentRequired;
  else if (comment.length > EVALUATION_LIMITS.commentMaxLength) errors.comment = FEEDBACK_TEXTS.commentTooLong;
  if (!values.anonymous && values.name.trim().length > EVALUATION_LIMITS.nameMaxLength) errors.name = FEEDBACK_TEXTS.nameTooLong;
  return errors;
}

/** "12 / 500", and whether the comment is over the limit (trailing spaces do not count). */
export function commentCounter(comment: string): { text: string; over: boolean } {
  const length = comment.trim().length;
  return { text: `${length} / ${EVALUATION_LIMITS.commentMaxLength}`, over: length > EVALUATION_LIMITS.commentMaxLength };
}

/** What the server receives from the form: trimmed; the name only when the rater gives one. */
export function feedbackPayload(values: FeedbackValues): { rating: number; comment: string; name?: string; anonymous: boolean } {
  const name = values.name.trim();
  return {
    rating: values.rating,
    comment: values.comment.trim(),
    ...(values.anonymous || !name ? {} : { name }),
    anonymous: values.anonymous,
  };
}

// docs/product.md §1: the brief's bot-check texts stand for the equivalent failures of the self-hosted check.
export const BOT_CHECK_TEXTS = {
  get expired() {
    return t`reCAPTCHA expired. Please try again.`;
  },
  get setup() {
    return t`Error setting up verification. Please try again.`;
  },
};

export interface SubmitFailure {
  /** Errors to show next to their fields. */
  fields: Partial<Record<FeedbackField, string>>;
  /** A message for the whole form, or null when the field errors say it all. */
  message: string | null;
  /** The server refused for good (already rated, cannot be rated): trying again will not help. */
  final: boolean;
}

/** Turns a failed submission into what the form shows: field errors, or one clear message. */
export function describeSubmitFailure(error: unknown): SubmitFailure {
  if (error instanceof BotCheckError) return { fields: {}, message: BOT_CHECK_TEXTS[error.reason], final: false };
  if (!(error instanceof ApiError)) return { fields: {}, message: FEEDBACK_TEXTS.sendFailed, final: false };
  switch (error.code) {
    case 'VALIDATION_FAILED': {
      const fields: Partial<Record<FeedbackField, string>> = {};
      const others: string[] = [];
      for (const field of error.fields) {
        if (field.field === 'rating' || field.field === 'comment' || field.field === 'name') fields[field.field] ??= field.message;
        else others.push(field.message);
      }
      // A refused device id or tanod id is not the rater's doing; say so in general words.
      const message = others.length > 0 || Object.keys(fields).length === 0 ? FEEDBACK_TEXTS.sendFailed : null;
      return { fields, message, final: false };
    }
    case 'BOT_CHECK_FAILED':
      return { fields: {}, message: /expired/i.test(error.message) ? BOT_CHECK_TEXTS.expired : BOT_CHECK_TEXTS.setup, final: false };
    case 'CONFLICT':
    case 'UNPROCESSABLE':
      // Already rated (this tanod in 30 days, or this ticket), or a ticket that cannot be rated.
      return { fields: {}, message: error.message, final: true };
    case 'NOT_FOUND':
    case 'RATE_LIMITED':
      return { fields: {}, message: error.message, final: error.code === 'NOT_FOUND' };
    case 'NETWORK':
      return { fields: {}, message: error.message, final: false };
    default:
      return { fields: {}, message: FEEDBACK_TEXTS.sendFailed, final: false };
  }
}

/** Why a ticket's responder can or cannot be rated, from the public ticket lookup. */
export type TicketRateability = { canRate: true; responderFirstName: string } | { canRate: false; reason: string };

export function ticketRateability(found: Pick<PublicTicket, 'ticket' | 'status' | 'canRate' | 'responderFirstName' | 'timeline'>): TicketRateability {
  const { ticket, responderFirstName: name } = found;
  if (found.canRate && name) return { canRate: true, responderFirstName: name };
  if (found.timeline.some((entry) => entry.kind === 'rated')) {
    return { canRate: false, reason: t`Report ${ticket} was already rated. Each report can be rated once. Thank you!` };
  }
  switch (found.status) {
    case 'pending':
      return { canRate: false, reason: t`Report ${ticket} is still waiting for a tanod. You can rate the tanod who responds once the report is resolved.` };
    case 'in_progress':
      return {
        canRate: false,
        reason: name
          ? t`A tanod is still handling report ${ticket}. You can rate ${name} once the report is resolved.`
          : t`A tanod is still handling report ${ticket}. You can rate them once the report is resolved.`,
      };
    case 'rejected':
      return { canRate: false, reason: t`Report ${ticket} was closed without a response, so there is no tanod to rate for it.` };
    case 'false_alarm':
      return { canRate: false, reason: t`Report ${ticket} was closed as a false alarm, so it cannot be rated.` };
    case 'resolved':
      return name
        ? { canRate: false, reason: t`Report ${ticket} cannot be rated.` }
        : { canRate: false, reason: t`Report ${ticket} was resolved without a tanod responding, so there is no tanod to rate for it.` };
    default:
      return { canRate: false, reason: t`Report ${ticket} cannot be rated.` };
  }
}

/**
 * The ticket of a `?ticket=` link, tidied for showing ("ir-4bzn-6tde" gives "IR-4BZN-6TDE"). The
 * server matches it loosely and answers with the canonical ticket, which the page uses from then
 * on; the shared normaliser is not imported here because its module would bring zod with it.
 */
export function ticketFromQuery(value: string | null): string | null {
  const ticket = (value ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
  return ticket ? ticket.slice(0, 64) : null;
}
