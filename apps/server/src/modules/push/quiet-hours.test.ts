import { describe, expect, it } from 'vitest';
import { quietHoursEnd } from './quiet-hours.ts';

const MANILA = 'Asia/Manila';
// 22:00–06:00 Manila time is 14:00–22:00 UTC.
const night = { start: '22:00', end: '06:00' };

describe('quiet hours (in the barangay time zone)', () => {
  it('an alert before midnight waits until the end of the night, the next morning', () => {
    expect(quietHoursEnd(night, MANILA, new Date('2026-06-01T15:30:00Z'))?.toISOString()).toBe('2026-06-01T22:00:00.000Z');
  });

  it('an alert after midnight waits until the same morning', () => {
    expect(quietHoursEnd(night, MANILA, new Date('2026-06-01T19:59:30Z'))?.toISOString()).toBe('2026-06-01T22:00:00.000Z');
  });

  it('the start is inside, the end is not', () => {
    expect(quietHoursEnd(night, MANILA, new Date('2026-06-01T14:00:00Z'))).not.toBeNull();
    expect(quietHoursEnd(night, MANILA, new Date('2026-06-01T22:00:00Z'))).toBeNull();
    expect(quietHoursEnd(night, MANILA, new Date('2026-06-01T13:59:00Z'))).toBeNull();
  });

  it('a window within one day (13:00–14:30, a siesta)', () => {
    const siesta = { start: '13:00', end: '14:30' };
    expect(quietHoursEnd(siesta, MANILA, new Date('2026-06-01T05:15:00Z'))?.toISOString()).toBe('2026-06-01T06:30:00.000Z');
    expect(quietHoursEnd(siesta, MANILA, new Date('2026-06-01T07:00:00Z'))).toBeNull();
  });

  it('follows the configured zone, not the server clock', () => {
    // 23:00 in New York on 1 June (EDT, UTC−4) is 03:00 UTC on 2 June.
    expect(quietHoursEnd(night, 'America/New_York', new Date('2026-06-02T03:00:00Z'))?.toISOString()).toBe('2026-06-02T10:00:00.000Z');
  });
});
