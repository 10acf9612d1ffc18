import { describe, expect, it } from 'vitest';
import { DEFAULT_INCIDENT_TYPES } from '../settings/index.ts';
import { classifyText, commandOf, normalizeText } from './keywords.ts';
import { gsm7Length, replyText, type Reply } from './replies.ts';

/** What a text asks for (keywords.ts) and what is texted back (replies.ts): pure, no database. */
describe('keywords', () => {
  it.each([
    ['TULONG!!!', 'emergency', 'Other'],
    ['may sunog po sa amin', 'emergency', 'Fire'],
    ['Saklolo, sinaksak si kuya', 'emergency', 'Crime in progress'],
    ['tabangi mi, naay kalayo', 'emergency', 'Fire'],
    ['HELP flood na dito', 'emergency', 'Natural disaster'],
    ['nahimatay si lola, ambulansya', 'emergency', 'Medical emergency'],
    ['EMERGENCY', 'emergency', 'Other'],
    ['Salamat po sa tulong kahapon', 'normal', 'Other'],
    ['salamat, may sunog ulit', 'emergency', 'Fire'],
    ['maingay ang kapitbahay', 'normal', 'Other'],
    ['helpful po kayo', 'normal', 'Other'],
  ])('%j is %s (%s)', (text, classification, type) => {
    expect(classifyText(text, DEFAULT_INCIDENT_TYPES)).toEqual({ classification, type });
  });

  it('folds case, accents and punctuation; reads STATUS, STOP/HINTO and START/SIMULA', () => {
    expect(normalizeText('  Tulóng!  SUNOG,  dito ')).toBe('tulong sunog dito');
    expect(commandOf('STATUS er-7k3f-9qxm')).toEqual({ kind: 'status', ticket: 'er7k3f9qxm' });
    expect(commandOf('hinto')).toEqual({ kind: 'stop' });
    expect(commandOf('Stop.')).toEqual({ kind: 'stop' });
    expect(commandOf('SIMULA')).toEqual({ kind: 'start' });
    expect(commandOf('stop the fire')).toBeNull();
  });
});

describe('replies', () => {
  const link = 'https://bantay.example.ph/Reportincidents?ticket=ER-7K3F-9QXM';
  const replies: Reply[] = [
    { kind: 'receipt', ticket: 'ER-7K3F-9QXM', link, classification: 'emergency' },
    { kind: 'receipt', ticket: 'IR-7K3F-9QXM', link, classification: 'normal' },
    { kind: 'missed_call_receipt', ticket: 'ER-7K3F-9QXM', link },
    { kind: 'follow_up', ticket: 'ER-7K3F-9QXM' },
    { kind: 'acknowledged', hotline: '0917 123 4567' },
    { kind: 'ticketed_by_admin', ticket: 'IR-7K3F-9QXM', link },
    { kind: 'status', ticket: 'IR-7K3F-9QXM', status: 'in_progress', link },
    { kind: 'unknown_ticket', ticket: 'IR-7K3F-9QXX' },
    { kind: 'stopped' },
    { kind: 'started' },
  ];
  it.each(['fil', 'en'] as const)('in %s each fits one GSM-7 segment with a usual link', (locale) => {
    for (const reply of replies) {
      const text = replyText(reply, locale);
      expect(gsm7Length(text), text).not.toBeNull();
      expect(gsm7Length(text)!, text).toBeLessThanOrEqual(160);
    }
    expect(gsm7Length('Tulong “po”')).toBeNull();
    expect(gsm7Length('[€]')).toBe(6);
  });
});
