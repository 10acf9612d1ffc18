import { describe, expect, it } from 'vitest';
import { dayAndTime, dayLabel, percent, relativeSpan } from './tanod-format.ts';

const MANILA = 'Asia/Manila';

describe('the tanod dashboard’s wording', () => {
  it('names days in the barangay’s timezone, whatever the UTC date says', () => {
    // 01:00 on 11 July in Manila is still 10 July in UTC.
    expect(dayLabel('2026-07-10T17:00:00Z', '2026-07-11', MANILA)).toBe('Today');
    expect(dayLabel('2026-07-11T22:00:00Z', '2026-07-11', MANILA)).toBe('Tomorrow');
    expect(dayLabel('2026-07-10T15:59:00Z', '2026-07-11', MANILA)).toBe('Yesterday');
    expect(dayLabel('2026-07-14T02:00:00Z', '2026-07-11', MANILA)).toBe('Tue, Jul 14');
    expect(dayAndTime('2026-07-11T10:00:00Z', '2026-07-11', MANILA)).toBe('Today 6:00 PM');
  });

  it('says how far off a time is, to the minute', () => {
    const now = Date.parse('2026-07-11T00:00:00Z');
    expect(relativeSpan('2026-07-11T00:40:00Z', now)).toBe('in 40 min');
    expect(relativeSpan('2026-07-11T02:05:00Z', now)).toBe('in 2 h 5 min');
    expect(relativeSpan('2026-07-11T03:00:00Z', now)).toBe('in 3 h');
    expect(relativeSpan('2026-07-09T22:00:00Z', now)).toBe('1 d 2 h ago');
    expect(relativeSpan('2026-07-11T00:00:10Z', now)).toBe('in 1 min');
  });

  it('shows rates as whole percentages and a missing rate as a dash', () => {
    expect(percent(0.857)).toBe('86%');
    expect(percent(1)).toBe('100%');
    expect(percent(null)).toBe('—');
  });
});
