import { describe, expect, it } from 'vitest';
import { inboxActions, sinceText, smsSegments } from './text-line-format.ts';

describe('smsSegments', () => {
  it('counts GSM-7 texts at 160 characters, then 153 a part', () => {
    expect(smsSegments('')).toEqual({ segments: 0, unicode: false });
    expect(smsSegments('a'.repeat(160))).toEqual({ segments: 1, unicode: false });
    expect(smsSegments('a'.repeat(161))).toEqual({ segments: 2, unicode: false });
    expect(smsSegments('a'.repeat(306))).toEqual({ segments: 2, unicode: false });
    expect(smsSegments('a'.repeat(307))).toEqual({ segments: 3, unicode: false });
  });

  it('keeps Filipino’s ñ in GSM-7 but counts the extension characters twice', () => {
    expect(smsSegments(`Salamat po, Ñ${'a'.repeat(146)}`)).toEqual({ segments: 1, unicode: false });
    // 159 letters and a euro sign (two units) make 161: two texts.
    expect(smsSegments(`${'a'.repeat(159)}€`)).toEqual({ segments: 2, unicode: false });
  });

  it('falls back to 70 (67 a part) for anything outside GSM-7, an emoji or a curly quote', () => {
    expect(smsSegments('Salamat 🙏')).toEqual({ segments: 1, unicode: true });
    expect(smsSegments(`’${'a'.repeat(69)}`)).toEqual({ segments: 1, unicode: true });
    expect(smsSegments(`’${'a'.repeat(70)}`)).toEqual({ segments: 2, unicode: true });
  });
});

describe('inboxActions', () => {
  it('offers every step on an open thread, an answer or a block on a closed one, and only unblocking a blocked one', () => {
    expect(inboxActions('open')).toEqual(['incident', 'reply', 'dismiss', 'block']);
    expect(inboxActions('dismissed')).toEqual(['reply', 'block']);
    expect(inboxActions('ticketed')).toEqual(['reply', 'block']);
    expect(inboxActions('blocked')).toEqual(['unblock']);
  });
});

describe('sinceText', () => {
  const now = Date.parse('2026-05-01T02:00:00Z');
  it('says how long ago in the language asked for', () => {
    expect(sinceText('2026-05-01T01:57:00Z', 'en', now)).toBe('3 minutes ago');
    expect(sinceText('2026-05-01T00:00:00Z', 'en', now)).toBe('2 hours ago');
    expect(sinceText('2026-04-30T02:00:00Z', 'en', now)).toBe('yesterday');
    expect(sinceText('2026-05-01T01:59:30Z', 'en', now)).toBe('30 seconds ago');
    expect(sinceText('2026-05-01T01:57:00Z', 'fil', now)).toBe('3 minuto ang nakalipas');
  });
});
