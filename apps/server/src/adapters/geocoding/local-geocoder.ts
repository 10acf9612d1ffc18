import type { ReverseGeocodeResult } from '@bantay/shared';
import type { BarangayPlace, ReverseGeocoder } from './geocoding.ts';

/**
 * "Beside the chapel, Purok 2, Barangay San Roque": the landmark and the area, then the barangay.
 * With neither there is nothing worth typing for the reporter: the address stays empty.
 */
export function localAnswer(barangay: BarangayPlace): ReverseGeocodeResult {
  const { area, landmark, barangayName } = barangay;
  const address = area || landmark ? joinDistinct([landmark, area, barangayName]) : null;
  return { address, area, landmark, source: 'local' };
}

/** The parts that are set, each once (case-insensitively), joined with commas. */
export function joinDistinct(parts: (string | null | undefined)[]): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    kept.push(text);
  }
  return kept.join(', ');
}

/** The default: no outside call at all, so it works offline and costs nothing. */
export function createLocalGeocoder(): ReverseGeocoder {
  return {
    provider: 'local',
    reverse: async (_point, barangay) => localAnswer(barangay),
  };
}
