import { pointInPolygon, type IncidentClassification, type IncidentType, type Polygon } from '@bantay/shared';
import { EMERGENCY_TYPES, INCIDENT_LIMITS } from '@bantay/shared/limits';
import { plural, t } from '@lingui/core/macro';
import { currentIntlTag } from '@/lib/i18n.ts';
import { formatZoned } from '@/lib/zoned-time.ts';

/**
 * The report form's rules, as pure functions so they are unit-tested and shared by the wizard and
 * the emergency screen. The server applies the same rules with the shared zod schema; these only
 * spare the reporter a round trip (and keep zod, about 25 KB gzip, off this page). Their messages
 * are in the language on screen when they are called (docs/product.md §12).
 */

/** The browser may run a little ahead of the server; the server allows 5 minutes, we allow 1. */
const FUTURE_SLACK_MS = 60_000;

export const DESCRIPTION_MAX = INCIDENT_LIMITS.descriptionMaxLength;
export const PHOTOS_MAX = INCIDENT_LIMITS.photosMax;
const PHOTO_MAX_BYTES = INCIDENT_LIMITS.photoMaxBytes;
const PHOTO_TYPES: readonly string[] = INCIDENT_LIMITS.photoTypes;

export type Check = true | string;

export function checkType(type: string): Check {
  return type.trim() ? true : t`Choose the type of incident`;
}

export function checkDescription(text: string, classification: IncidentClassification): Check {
  const trimmed = text.trim();
  if (classification === 'normal' && !trimmed) return t`Describe what happened`;
  if (trimmed.length > DESCRIPTION_MAX) {
    const max = DESCRIPTION_MAX.toLocaleString(currentIntlTag());
    return t`Description must be at most ${max} characters`;
  }
  return true;
}

/** `value` is an `<input type="datetime-local">` value, read in the browser's time zone. */
export function checkOccurredAt(value: string, now: Date): Check {
  if (!value) return t`Enter when it happened`;
  const at = localInputToDate(value);
  if (!at) return t`Enter a valid date and time`;
  if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) return t`The time cannot be in the future`;
  return true;
}

/** Optional; when given it must look like a phone number. The server checks it for real. */
export function checkPhone(value: string): Check {
  const compact = value.replace(/[\s\-().]/g, '');
  if (!compact) return true;
  return /^\+?\d{7,15}$/.test(compact) ? true : t`Please enter a valid phone number`;
}

export interface PhotoLike {
  name: string;
  size: number;
  type: string;
}

/**
 * Which of the newly chosen files may join the ones already attached, and why the others may not.
 * Checked before any upload: images the server accepts only, 5 MB each, 3 in all.
 */
export function admitPhotos<T extends PhotoLike>(
  attached: readonly PhotoLike[],
  chosen: readonly T[],
): { accepted: T[]; errors: string[] } {
  const accepted: T[] = [];
  const errors: string[] = [];
  let overflow = 0;
  for (const file of chosen) {
    const name = file.name;
    if (!PHOTO_TYPES.includes(file.type)) {
      errors.push(t`${name} is not a photo. Choose a JPEG, PNG or WebP image.`);
    } else if (file.size > PHOTO_MAX_BYTES) {
      errors.push(t`${name} is larger than 5 MB. Choose a smaller photo.`);
    } else if (attached.length + accepted.length >= PHOTOS_MAX) {
      overflow += 1;
    } else {
      accepted.push(file);
    }
  }
  if (overflow > 0) {
    const max = PHOTOS_MAX;
    errors.push(t`At most ${max} photos. ${plural(overflow, { one: 'One photo was left out.', other: '# photos were left out.' })}`);
  }
  return { accepted, errors };
}

export interface PinPoint {
  lat: number;
  lng: number;
}

/** The client-side boundary check: the pin is refused on the spot, before the server sees it. */
export function checkPin(point: PinPoint, boundary: Polygon | null | undefined, barangayName: string): Check {
  if (!boundary) return true;
  return pointInPolygon(point, boundary)
    ? true
    : t`This place is outside ${barangayName}. Put the pin inside the outlined area.`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A date as an `<input type="datetime-local">` value (minutes), in the browser's time zone. */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Reads a `datetime-local` value in the browser's time zone; null when it is not one. */
export function localInputToDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  // Reject 2026-02-31 and the like, which Date would roll over into March.
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date;
}

/** Date and time in the barangay's time zone ("May 21, 2026, 3:04 PM"); the device's if the zone is unknown. */
export function formatWhen(iso: string | Date, timeZone: string | undefined): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  try {
    return formatZoned(date, 'MMM d, yyyy, h:mm a', timeZone);
  } catch {
    return formatZoned(date, 'MMM d, yyyy, h:mm a');
  }
}

/**
 * The emergency screen's choices: the barangay's emergency types, plus its "Other" (docs/product.md §4.2
 * lists Fire, Medical emergency, Crime in progress, Natural disaster, Accident, Other). Until the
 * settings arrive, the standard list is shown so the screen is usable at once; the server only
 * accepts types from the settings, and the standard ones are the defaults there.
 */
export function emergencyTypes(types: readonly IncidentType[] | undefined): string[] {
  if (!types || types.length === 0) return [...EMERGENCY_TYPES];
  const names = types.filter((type) => type.classification === 'emergency').map((type) => type.name);
  const other = types.find((type) => type.name.trim().toLowerCase() === 'other');
  if (other && !names.includes(other.name)) names.push(other.name);
  return names.length > 0 ? names : types.map((type) => type.name);
}

export type ReportView = 'report' | 'emergency' | 'track';

/** Which screen `/Reportincidents` shows for its query: `?emergency=1`, `?track=1` or `?ticket=`, else the wizard. */
export function viewOf(params: URLSearchParams): ReportView {
  if (params.get('emergency') === '1') return 'emergency';
  if (params.has('ticket') || params.get('track') === '1') return 'track';
  return 'report';
}
