import { describe, expect, it } from 'vitest';
import type { IncidentType, Polygon } from '@bantay/shared';
import { EMERGENCY_TYPES } from '@bantay/shared/limits';
import {
  admitPhotos,
  checkDescription,
  checkOccurredAt,
  checkPhone,
  checkPin,
  checkType,
  emergencyTypes,
  localInputToDate,
  toLocalInputValue,
  viewOf,
} from './report-rules.ts';

/** The demo barangay's outline (an irregular octagon around 14.7356, 121.0498), [lng, lat]. */
const BOUNDARY: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [121.0352, 14.7442],
      [121.0475, 14.7501],
      [121.0618, 14.7468],
      [121.0655, 14.7352],
      [121.0601, 14.7228],
      [121.0466, 14.7196],
      [121.0361, 14.7259],
      [121.0329, 14.7361],
      [121.0352, 14.7442],
    ],
  ],
};

describe('the pin must be inside the barangay', () => {
  it('accepts the centre of the barangay', () => {
    expect(checkPin({ lat: 14.7356, lng: 121.0498 }, BOUNDARY, 'Barangay San Isidro')).toBe(true);
  });

  it('refuses a point in the corner of the map outside the outline, naming the barangay', () => {
    // Inside the bounding box, outside the octagon: the north-east corner.
    expect(checkPin({ lat: 14.7495, lng: 121.065 }, BOUNDARY, 'Barangay San Isidro')).toBe(
      'This place is outside Barangay San Isidro. Put the pin inside the outlined area.',
    );
  });

  it('refuses a point far away', () => {
    expect(checkPin({ lat: 10.3157, lng: 123.8854 }, BOUNDARY, 'Barangay San Isidro')).not.toBe(true);
  });

  it('accepts a point on the edge, so rounding cannot refuse a pin on the line', () => {
    expect(checkPin({ lat: 14.7442, lng: 121.0352 }, BOUNDARY, 'X')).toBe(true);
  });

  it('honours a hole in the outline', () => {
    const withHole: Polygon = {
      type: 'Polygon',
      coordinates: [
        ...BOUNDARY.coordinates,
        [
          [121.049, 14.735],
          [121.051, 14.735],
          [121.051, 14.737],
          [121.049, 14.737],
          [121.049, 14.735],
        ],
      ],
    };
    expect(checkPin({ lat: 14.736, lng: 121.05 }, withHole, 'X')).not.toBe(true);
    expect(checkPin({ lat: 14.74, lng: 121.05 }, withHole, 'X')).toBe(true);
  });

  it('accepts any point while the barangay has no boundary', () => {
    expect(checkPin({ lat: 0, lng: 0 }, null, 'X')).toBe(true);
  });
});

describe('what happened: type and description', () => {
  it('needs a type', () => {
    expect(checkType('')).toBe('Choose the type of incident');
    expect(checkType('Theft')).toBe(true);
  });

  it('needs a description for a normal report, not for an emergency', () => {
    expect(checkDescription('   ', 'normal')).toBe('Describe what happened');
    expect(checkDescription('', 'emergency')).toBe(true);
    expect(checkDescription('A bicycle was taken.', 'normal')).toBe(true);
  });

  it('allows 1,000 characters and no more', () => {
    expect(checkDescription('a'.repeat(1000), 'normal')).toBe(true);
    expect(checkDescription('a'.repeat(1001), 'normal')).toBe('Description must be at most 1,000 characters');
    // Spaces around the text are trimmed, as the server does.
    expect(checkDescription(`  ${'a'.repeat(1000)}  `, 'normal')).toBe(true);
  });
});

describe('when it happened', () => {
  const now = new Date(2026, 4, 21, 15, 4, 30);

  it('defaults to now, which is valid', () => {
    expect(checkOccurredAt(toLocalInputValue(now), now)).toBe(true);
  });

  it('refuses a time in the future (more than a minute ahead)', () => {
    expect(checkOccurredAt(toLocalInputValue(new Date(2026, 4, 21, 15, 10)), now)).toBe(
      'The time cannot be in the future',
    );
    expect(checkOccurredAt(toLocalInputValue(new Date(2026, 4, 22, 9, 0)), now)).toBe(
      'The time cannot be in the future',
    );
  });

  it('allows the past', () => {
    expect(checkOccurredAt(toLocalInputValue(new Date(2026, 4, 20, 23, 30)), now)).toBe(true);
  });

  it('needs a value, and a real date', () => {
    expect(checkOccurredAt('', now)).toBe('Enter when it happened');
    expect(checkOccurredAt('2026-02-31T10:00', now)).toBe('Enter a valid date and time');
    expect(checkOccurredAt('yesterday', now)).toBe('Enter a valid date and time');
  });

  it('reads the input value back in the browser time zone', () => {
    const value = toLocalInputValue(new Date(2026, 0, 5, 7, 9));
    expect(value).toBe('2026-01-05T07:09');
    expect(localInputToDate(value)?.getTime()).toBe(new Date(2026, 0, 5, 7, 9).getTime());
    expect(localInputToDate('2026-01-05T07:09:45')?.getSeconds()).toBe(45);
  });
});

describe('photos are checked before any upload', () => {
  const photo = (name: string, size = 200_000, type = 'image/jpeg') => ({ name, size, type });

  it('takes up to three images', () => {
    const result = admitPhotos(
      [],
      [photo('a.jpg'), photo('b.png', 1000, 'image/png'), photo('c.webp', 1000, 'image/webp')],
    );
    expect(result.accepted.map((p) => p.name)).toEqual(['a.jpg', 'b.png', 'c.webp']);
    expect(result.errors).toEqual([]);
  });

  it('leaves out what goes past three, and says so', () => {
    const result = admitPhotos(
      [photo('old1.jpg'), photo('old2.jpg')],
      [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')],
    );
    expect(result.accepted.map((p) => p.name)).toEqual(['a.jpg']);
    expect(result.errors).toEqual(['At most 3 photos. 2 photos were left out.']);
    expect(admitPhotos([photo('1'), photo('2'), photo('3')], [photo('d.jpg')]).errors).toEqual([
      'At most 3 photos. One photo was left out.',
    ]);
  });

  it('refuses files that are not JPEG, PNG or WebP images', () => {
    const result = admitPhotos([], [photo('notes.pdf', 1000, 'application/pdf'), photo('clip.gif', 1000, 'image/gif')]);
    expect(result.accepted).toEqual([]);
    expect(result.errors).toEqual([
      'notes.pdf is not a photo. Choose a JPEG, PNG or WebP image.',
      'clip.gif is not a photo. Choose a JPEG, PNG or WebP image.',
    ]);
  });

  it('refuses photos over 5 MB, and keeps the good ones', () => {
    const result = admitPhotos([], [photo('big.jpg', 5 * 1024 * 1024 + 1), photo('ok.jpg', 5 * 1024 * 1024)]);
    expect(result.accepted.map((p) => p.name)).toEqual(['ok.jpg']);
    expect(result.errors).toEqual(['big.jpg is larger than 5 MB. Choose a smaller photo.']);
  });
});

describe('contact', () => {
  it('allows no phone, or one that looks like a phone number', () => {
    expect(checkPhone('')).toBe(true);
    expect(checkPhone('0917 123 4567')).toBe(true);
    expect(checkPhone('+63 (917) 123-4567')).toBe(true);
    expect(checkPhone('call me')).toBe('Please enter a valid phone number');
    expect(checkPhone('12')).toBe('Please enter a valid phone number');
  });
});

describe('the emergency screen', () => {
  it('offers the standard emergency types before the settings arrive', () => {
    expect(emergencyTypes(undefined)).toEqual([...EMERGENCY_TYPES]);
  });

  it("offers the barangay's emergency types and its Other", () => {
    const types: IncidentType[] = [
      { name: 'Fire', classification: 'emergency' },
      { name: 'Theft', classification: 'normal' },
      { name: 'Flood', classification: 'emergency' },
      { name: 'Other', classification: 'normal' },
    ];
    expect(emergencyTypes(types)).toEqual(['Fire', 'Flood', 'Other']);
  });

  it('falls back to every type when none is marked emergency', () => {
    expect(emergencyTypes([{ name: 'Theft', classification: 'normal' }])).toEqual(['Theft']);
  });
});

describe('the page picks its screen from the address', () => {
  it.each([
    ['', 'report'],
    ['?emergency=1', 'emergency'],
    ['?track=1', 'track'],
    ['?ticket=IR-7K3F-9QXM', 'track'],
    ['?emergency=0', 'report'],
  ])('%s shows %s', (search, view) => {
    expect(viewOf(new URLSearchParams(search))).toBe(view);
  });
});
