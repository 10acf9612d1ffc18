import { describe, expect, it } from 'vitest';
import type { PublicAdvisory } from '@bantay/shared';
import { landingAdvisoriesHtml } from './landing-banner.ts';

const FLOOD: PublicAdvisory = {
  _id: 'a1',
  title: 'Baha sa Purok 2',
  body: 'Lumikas sa covered court.',
  severity: 'warning',
  startsAt: '2026-06-01T00:00:00.000Z',
  endsAt: '2026-06-02T10:00:00.000Z',
  areas: [{ _id: 'p2', name: 'Purok 2' }],
};

describe('the landing page advisories block (docs/product.md §12)', () => {
  it('reads in English by default, as before', () => {
    const html = landingAdvisoriesHtml([FLOOD], 'Asia/Manila');
    expect(html).toContain('>Warning</span>Baha sa Purok 2');
    expect(html).toContain('For Purok 2. Until Jun 2, 2026, 18:00.');
    expect(html).toContain('aria-label="Advisories"');
  });

  it('reads in Filipino on the Filipino landing page, the dates the Filipino way', () => {
    const html = landingAdvisoriesHtml([FLOOD], 'Asia/Manila', 'fil');
    expect(html).toContain('>Babala</span>Baha sa Purok 2');
    expect(html).toContain('Para sa Purok 2. Hanggang Hun 2, 2026, 18:00.');
    expect(html).toContain('aria-label="Mga Abiso sa publiko"');
    expect(html).not.toMatch(/Warning|Until|For /);
  });
});
