import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { setSharedTranslator } from '@bantay/shared/i18n';
import { messages as sharedFilipino } from '@bantay/shared/locales/fil/messages.po';
import { messages as filipino } from '@/locales/fil/public.po';
import { buildReceipt, receiptFileName, ticketFromReceipt, trackPath } from './receipt.ts';

const base = {
  barangayName: 'Barangay San Isidro',
  ticket: 'IR-7K3F-9QXM',
  type: 'Theft',
  classification: 'normal' as const,
  reportedAt: new Date('2026-05-21T07:04:00Z'),
  timeZone: 'Asia/Manila',
  origin: 'https://bantay.example.ph',
};

describe('the text receipt', () => {
  it('holds the barangay, the ticket, the type, the time in the barangay time zone, and how to track', () => {
    const text = buildReceipt({ ...base, occurredAt: new Date('2026-05-21T06:30:00Z') });
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Barangay San Isidro: Incident report receipt');
    expect(lines).toContain('Ticket: IR-7K3F-9QXM');
    expect(lines).toContain('Type: Theft');
    // 07:04 UTC is 3:04 pm in Manila.
    // (The exact wording of the date is the browser's en-PH format.)
    expect(lines.find((line) => line.startsWith('Reported: '))).toMatch(
      /^Reported: .*21.*2026.*3:04\s?PM \(Asia\/Manila\)$/i,
    );
    expect(lines.find((line) => line.startsWith('Happened: '))).toMatch(/^Happened: .*21.*2026.*2:30\s?PM$/i);
    expect(text).toContain('https://bantay.example.ph/Reportincidents?ticket=IR-7K3F-9QXM');
    expect(text).toContain('"Track a ticket"');
    expect(text).toContain('never your name or phone number');
  });

  it('marks an emergency and leaves out the time it happened when not asked', () => {
    const text = buildReceipt({ ...base, ticket: 'ER-ABCD-2345', type: 'Fire', classification: 'emergency' });
    expect(text.startsWith('Barangay San Isidro: Emergency report receipt')).toBe(true);
    expect(text).toContain('Type: Fire (emergency)');
    expect(text).not.toContain('Happened:');
  });

  it('names the file after the ticket', () => {
    expect(receiptFileName('IR-7K3F-9QXM')).toBe('bantay-receipt-IR-7K3F-9QXM.txt');
    expect(trackPath('IR-7K3F-9QXM')).toBe('/Reportincidents?ticket=IR-7K3F-9QXM');
  });
});

describe('the receipt in Filipino (docs/product.md §12)', () => {
  afterEach(() => {
    i18n.activate('en');
  });

  it('is written in the language on screen, standard type included, and its ticket still reads back', () => {
    // As the app loads the public part: with the shared catalogue (the incident types' words), read through this i18n (src/lib/i18n.ts).
    i18n.load('fil', { ...sharedFilipino, ...filipino });
    setSharedTranslator((message) => i18n._(message));
    i18n.activate('fil');
    const text = buildReceipt({ ...base, ticket: 'ER-ABCD-2345', type: 'Fire', classification: 'emergency' });
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Barangay San Isidro: Resibo ng emergency na ulat');
    expect(lines).toContain('Tiket: ER-ABCD-2345');
    expect(lines).toContain('Uri: Sunog (emergency)');
    expect(text).not.toContain('How to track');
    expect(ticketFromReceipt(text)).toBe('ER-ABCD-2345');
    expect(ticketFromReceipt('Luma: IR-AAAA-BBBB\nTiket: ER-ABCD-2345')).toBe('ER-ABCD-2345');
  });

  it('keeps a type the barangay named itself as written', () => {
    i18n.load('fil', filipino);
    i18n.activate('fil');
    expect(buildReceipt({ ...base, type: 'Away ng magkapitbahay' })).toContain('Uri: Away ng magkapitbahay');
  });
});

describe('reading the ticket back out of a receipt', () => {
  it('reads our own receipt', () => {
    expect(ticketFromReceipt(buildReceipt(base))).toBe('IR-7K3F-9QXM');
    expect(ticketFromReceipt(buildReceipt({ ...base, ticket: 'ER-ABCD-2345', classification: 'emergency' }))).toBe(
      'ER-ABCD-2345',
    );
  });

  it('reads a receipt retyped or forwarded by hand, in any case and spacing', () => {
    expect(ticketFromReceipt('my report\nticket: ir 7k3f 9qxm\nthanks')).toBe('IR-7K3F-9QXM');
    expect(ticketFromReceipt('Sent from my phone: IR7K3F9QXM')).toBe('IR-7K3F-9QXM');
  });

  it('prefers the Ticket line over another ticket-shaped word', () => {
    expect(ticketFromReceipt('Old: IR-AAAA-BBBB\nTicket: ER-ABCD-2345')).toBe('ER-ABCD-2345');
  });

  it('skips words that only look like tickets (letters a ticket never uses)', () => {
    // 0, 1, O, I and L are not in the ticket alphabet.
    expect(ticketFromReceipt('IR-0000-1111 then IR-7K3F-9QXM')).toBe('IR-7K3F-9QXM');
  });

  it('gives null for a file without a ticket', () => {
    expect(ticketFromReceipt('Shopping list: rice, eggs')).toBeNull();
    expect(ticketFromReceipt('')).toBeNull();
  });
});
