import { describe, expect, it } from 'vitest';
import type { PublicTicket } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { BotCheckError } from '@/lib/bot-check.ts';
import {
  BOT_CHECK_TEXTS,
  FEEDBACK_TEXTS,
  averageLabel,
  commentCounter,
  commentDate,
  describeSubmitFailure,
  emptyFeedback,
  feedbackPayload,
  filterTanods,
  formatAverage,
  ratingCountLabel,
  starChoiceLabel,
  ticketFromQuery,
  ticketRateability,
  validateFeedback,
} from './evaluation-logic.ts';

const tanods = [
  { firstName: 'Juan', lastName: 'Dela Cruz' },
  { firstName: 'Maricel', lastName: 'Reyes' },
  { firstName: 'Andres', lastName: 'Mendoza' },
  { firstName: 'Rowena', lastName: 'Garcia' },
  { firstName: 'José', lastName: 'Peña' },
];
const names = (list: { firstName: string }[]) => list.map((t) => t.firstName);

describe('searching the directory by name', () => {
  it('an empty or blank search shows every tanod, in the order given', () => {
    expect(names(filterTanods(tanods, ''))).toEqual(names(tanods));
    expect(names(filterTanods(tanods, '   '))).toEqual(names(tanods));
  });

  it('matches first or last name, any case, any part', () => {
    expect(names(filterTanods(tanods, 'juan'))).toEqual(['Juan']);
    expect(names(filterTanods(tanods, 'REYES'))).toEqual(['Maricel']);
    expect(names(filterTanods(tanods, 'end'))).toEqual(['Andres']);
    expect(names(filterTanods(tanods, 'ela c'))).toEqual(['Juan']);
  });

  it('every word typed may start a word of the name, in any order', () => {
    expect(names(filterTanods(tanods, 'jua dela'))).toEqual(['Juan']);
    expect(names(filterTanods(tanods, 'cruz juan'))).toEqual(['Juan']);
    expect(names(filterTanods(tanods, 'juan reyes'))).toEqual([]);
  });

  it('ignores accents and extra spaces: "pena" finds Peña, "jose" finds José', () => {
    expect(names(filterTanods(tanods, 'pena'))).toEqual(['José']);
    expect(names(filterTanods(tanods, '  JOSE   peña '))).toEqual(['José']);
  });

  it('a name nobody has matches no one', () => {
    expect(filterTanods(tanods, 'zzz')).toEqual([]);
  });
});

describe('the average and its labels', () => {
  it('shows one decimal always, and nothing without ratings', () => {
    expect(formatAverage(4.25)).toBe('4.3');
    expect(formatAverage(4)).toBe('4.0');
    expect(formatAverage(4.96)).toBe('5.0');
    expect(formatAverage(1)).toBe('1.0');
    expect(formatAverage(null)).toBeNull();
    expect(formatAverage(Number.NaN)).toBeNull();
  });

  it('reads "4.3 out of 5" to screen readers, or "No ratings yet"', () => {
    expect(averageLabel(4.3)).toBe('4.3 out of 5');
    expect(averageLabel(5)).toBe('5.0 out of 5');
    expect(averageLabel(null)).toBe('No ratings yet');
  });

  it('counts ratings in words', () => {
    expect(ratingCountLabel(0)).toBe('0 ratings');
    expect(ratingCountLabel(1)).toBe('1 rating');
    expect(ratingCountLabel(12)).toBe('12 ratings');
  });

  it('names each star choice', () => {
    expect(starChoiceLabel(1)).toBe('1 star, Poor');
    expect(starChoiceLabel(5)).toBe('5 stars, Excellent');
  });
});

describe('comment dates', () => {
  const now = new Date('2026-06-10T04:00:00Z'); // 12:00 noon in Manila
  it('say today, yesterday, days ago, then the date, by the Manila calendar', () => {
    expect(commentDate('2026-06-10T01:00:00Z', now)).toBe('Today');
    // 23:30 in Manila the day before.
    expect(commentDate('2026-06-09T15:30:00Z', now)).toBe('Yesterday');
    // 07:30 in Manila on the 10th is still today, though it is the 9th in UTC.
    expect(commentDate('2026-06-09T23:30:00Z', now)).toBe('Today');
    expect(commentDate('2026-06-07T04:00:00Z', now)).toBe('3 days ago');
    expect(commentDate('2026-05-20T04:00:00Z', now)).toBe('May 20');
    expect(commentDate('2025-12-24T04:00:00Z', now)).toBe('Dec 24, 2025');
    expect(commentDate('not a date', now)).toBe('');
  });
});

describe('checking the feedback form', () => {
  const valid = { ...emptyFeedback(), rating: 4, comment: 'Mabilis dumating' };

  it('a complete form passes', () => {
    expect(validateFeedback(valid)).toEqual({});
    expect(validateFeedback({ ...valid, anonymous: true, name: 'x'.repeat(200) })).toEqual({});
  });

  it('stars are required (1 to 5)', () => {
    expect(validateFeedback({ ...valid, rating: 0 })).toEqual({ rating: FEEDBACK_TEXTS.ratingRequired });
    expect(validateFeedback({ ...valid, rating: 6 })).toEqual({ rating: FEEDBACK_TEXTS.ratingRequired });
    expect(validateFeedback({ ...valid, rating: 2.5 })).toEqual({ rating: FEEDBACK_TEXTS.ratingRequired });
  });

  it('a comment is required, blank does not count, and 500 characters is the most', () => {
    expect(validateFeedback({ ...valid, comment: '' })).toEqual({ comment: FEEDBACK_TEXTS.commentRequired });
    expect(validateFeedback({ ...valid, comment: '   \n ' })).toEqual({ comment: FEEDBACK_TEXTS.commentRequired });
    expect(validateFeedback({ ...valid, comment: 'x'.repeat(500) })).toEqual({});
    expect(validateFeedback({ ...valid, comment: `${'x'.repeat(500)}   ` })).toEqual({});
    expect(validateFeedback({ ...valid, comment: 'x'.repeat(501) })).toEqual({ comment: FEEDBACK_TEXTS.commentTooLong });
  });

  it('an empty form names both required fields', () => {
    expect(Object.keys(validateFeedback(emptyFeedback())).sort()).toEqual(['comment', 'rating']);
  });

  it('a shown name is at most 80 characters', () => {
    expect(validateFeedback({ ...valid, name: 'x'.repeat(81) })).toEqual({ name: FEEDBACK_TEXTS.nameTooLong });
  });

  it('the counter counts the trimmed comment against 500', () => {
    expect(commentCounter('  hello  ')).toEqual({ text: '5 / 500', over: false });
    expect(commentCounter('x'.repeat(501))).toEqual({ text: '501 / 500', over: true });
  });

  it('sends the trimmed comment, the name only when shown', () => {
    expect(feedbackPayload({ rating: 5, comment: ' Salamat! ', name: ' Aling Nena ', anonymous: false })).toEqual({
      rating: 5,
      comment: 'Salamat!',
      name: 'Aling Nena',
      anonymous: false,
    });
    expect(feedbackPayload({ rating: 5, comment: 'Salamat!', name: 'Aling Nena', anonymous: true })).toEqual({
      rating: 5,
      comment: 'Salamat!',
      anonymous: true,
    });
    expect(feedbackPayload({ rating: 3, comment: 'ok', name: '  ', anonymous: false })).not.toHaveProperty('name');
  });
});

describe("showing the server's refusals", () => {
  it('field errors go next to their fields', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [{ field: 'comment', message: 'Write a comment' }]);
    expect(describeSubmitFailure(error)).toEqual({ fields: { comment: 'Write a comment' }, message: null, final: false });
  });

  it('errors about fields the rater cannot see become one general message', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [{ field: 'deviceId', message: 'Invalid' }]);
    expect(describeSubmitFailure(error)).toEqual({ fields: {}, message: 'Your rating could not be sent. Please try again.', final: false });
  });

  it('"already rated" is shown in the server\'s words and ends the attempt', () => {
    const message = 'You already rated Juan in the last 30 days. Thank you for your feedback!';
    expect(describeSubmitFailure(new ApiError(409, 'CONFLICT', message))).toEqual({ fields: {}, message, final: true });
    expect(describeSubmitFailure(new ApiError(422, 'UNPROCESSABLE', 'A report can be rated once it is resolved by a tanod.')).final).toBe(true);
  });

  it('the rate limit shows the server\'s message and may be tried again later', () => {
    const failure = describeSubmitFailure(new ApiError(429, 'RATE_LIMITED', 'Too many ratings from this network. Please try again later.'));
    expect(failure).toEqual({ fields: {}, message: 'Too many ratings from this network. Please try again later.', final: false });
  });

  it('bot-check failures use the brief\'s texts', () => {
    expect(describeSubmitFailure(new BotCheckError('expired')).message).toBe(BOT_CHECK_TEXTS.expired);
    expect(describeSubmitFailure(new BotCheckError('setup')).message).toBe(BOT_CHECK_TEXTS.setup);
    expect(describeSubmitFailure(new ApiError(400, 'BOT_CHECK_FAILED', 'The bot check expired')).message).toBe(BOT_CHECK_TEXTS.expired);
    expect(describeSubmitFailure(new ApiError(400, 'BOT_CHECK_FAILED', 'The bot check failed')).message).toBe(BOT_CHECK_TEXTS.setup);
  });

  it('no connection says so; anything else is a general failure', () => {
    expect(describeSubmitFailure(new ApiError(0, 'NETWORK', 'Cannot reach the server. Check your connection.')).message).toBe(
      'Cannot reach the server. Check your connection.',
    );
    expect(describeSubmitFailure(new ApiError(500, 'INTERNAL', 'boom')).message).toBe('Your rating could not be sent. Please try again.');
    expect(describeSubmitFailure(new Error('x')).message).toBe('Your rating could not be sent. Please try again.');
  });
});

describe('rating from a ticket', () => {
  const ticket = (over: Partial<PublicTicket>): Pick<PublicTicket, 'ticket' | 'status' | 'canRate' | 'responderFirstName' | 'timeline'> => ({
    ticket: 'IR-4BZN-6TDE',
    status: 'resolved',
    canRate: true,
    responderFirstName: 'Juan',
    timeline: [],
    ...over,
  });
  const rated = { kind: 'rated' as const, at: '2026-06-01T00:00:00Z', tanodFirstName: null, reason: null };

  it('a resolved ticket with a responder, not yet rated, offers its responder', () => {
    expect(ticketRateability(ticket({}))).toEqual({ canRate: true, responderFirstName: 'Juan' });
  });

  it.each([
    [{ canRate: false, timeline: [rated] }, /already rated/],
    [{ status: 'pending', canRate: false, responderFirstName: null }, /waiting for a tanod.*once the report is resolved/],
    [{ status: 'in_progress', canRate: false }, /still handling.*rate Juan once the report is resolved/],
    [{ status: 'rejected', canRate: false, responderFirstName: null }, /closed without a response/],
    [{ status: 'false_alarm', canRate: false }, /false alarm/],
    [{ status: 'resolved', canRate: false, responderFirstName: null }, /resolved without a tanod responding/],
  ] as [Partial<PublicTicket>, RegExp][])('%j cannot be rated and says why', (over, reason) => {
    const result = ticketRateability(ticket(over));
    expect(result.canRate).toBe(false);
    expect(!result.canRate && result.reason).toMatch(reason);
  });

  it('a ticket in a link is tidied for showing; the server matches it and names the canonical form', () => {
    expect(ticketFromQuery(' ir-4bzn-6tde ')).toBe('IR-4BZN-6TDE');
    expect(ticketFromQuery('IR-4BZN-6TDE')).toBe('IR-4BZN-6TDE');
    expect(ticketFromQuery('nonsense')).toBe('NONSENSE');
    expect(ticketFromQuery('x'.repeat(100))).toHaveLength(64);
    expect(ticketFromQuery('  ')).toBeNull();
    expect(ticketFromQuery(null)).toBeNull();
  });
});
