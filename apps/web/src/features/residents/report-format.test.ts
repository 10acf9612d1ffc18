import { describe, expect, it } from 'vitest';
import { fullTime, reportedAgo, STATUS_LABELS, ticketPath } from './report-format.ts';

describe('my reports, as the resident reads them', () => {
  const now = new Date('2026-06-01T08:00:00Z');
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('recent reports say how long ago, older ones the date in Manila time', () => {
    expect(reportedAgo(before(20_000), now)).toBe('Just now');
    expect(reportedAgo(before(5 * 60_000), now)).toBe('5 min ago');
    expect(reportedAgo(before(3 * 3_600_000 + 59 * 60_000), now)).toBe('3 h ago');
    // 2026-05-30 20:15 UTC is 31 May, 4:15 AM in Manila (UTC+8).
    expect(reportedAgo('2026-05-30T20:15:00Z', now)).toBe('May 31, 4:15 AM');
    expect(reportedAgo('2025-12-24T12:00:00Z', now)).toBe('Dec 24, 2025, 8:00 PM');
  });

  it('the full time follows the barangay timezone', () => {
    expect(fullTime('2026-05-30T20:15:00Z', 'Asia/Manila')).toBe('May 31, 2026, 4:15 AM');
    expect(fullTime('2026-05-30T20:15:00Z', 'UTC')).toBe('May 30, 2026, 8:15 PM');
  });

  it('each status has a label and each ticket opens the lookup of the report page', () => {
    expect(Object.keys(STATUS_LABELS)).toEqual(['pending', 'in_progress', 'resolved', 'rejected', 'false_alarm']);
    expect(ticketPath('IR-7K3F-9QXM')).toBe('/Reportincidents?ticket=IR-7K3F-9QXM');
  });
});
