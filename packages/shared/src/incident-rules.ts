/**
 * The incident constants and the ticket normaliser, without zod: the public report page reads them
 * and must not download the schemas (product §8). Re-exported from incidents.ts.
 */

export const INCIDENT_CLASSIFICATIONS = ['normal', 'emergency'] as const;
export type IncidentClassification = (typeof INCIDENT_CLASSIFICATIONS)[number];

/** Product §3. Nothing is deleted: a false alarm is a status. */
export const INCIDENT_STATUSES = ['pending', 'in_progress', 'resolved', 'rejected', 'false_alarm'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/** Product §3: the staff timeline. `note` (and assistance steps) are never shown to the public. */
export const INCIDENT_EVENT_KINDS = [
  'created',
  'assigned',
  'responded',
  'note',
  'assistance_requested',
  'assistance_decided',
  'resolved',
  'rejected',
  'false_alarm',
  'rated',
] as const;
export type IncidentEventKind = (typeof INCIDENT_EVENT_KINDS)[number];

/** The emergency screen's types (product §4.2); the barangay's settings list them too. */
export const EMERGENCY_TYPES = [
  'Fire',
  'Medical emergency',
  'Crime in progress',
  'Natural disaster',
  'Accident',
  'Other',
] as const;

export const INCIDENT_LIMITS = {
  descriptionMaxLength: 1000,
  landmarkMaxLength: 200,
  addressMaxLength: 300,
  reporterNameMaxLength: 80,
  /** Photos per report, and per upload request. */
  photosMax: 3,
  photoMaxBytes: 5 * 1024 * 1024,
  photoTypes: ['image/jpeg', 'image/png', 'image/webp'],
  /** A photo must be attached to a report within this time after its upload. */
  photoClaimWindowMs: 60 * 60_000,
  /** `occurredAt` may be this far ahead of the server clock (phones' clocks drift). */
  clockSkewMs: 5 * 60_000,
  /** Product §4.2: a report of the same type this close in space and time is a possible duplicate. */
  duplicateRadiusMeters: 100,
  duplicateWindowMs: 30 * 60_000,
  /** Length of the client's `deviceId` (a random id kept in localStorage). */
  deviceIdMinLength: 8,
  deviceIdMaxLength: 128,
} as const;

/**
 * The ticket: `IR-` (normal) or `ER-` (emergency) and two groups of four characters from an
 * alphabet without look-alikes (no 0/O, 1/I/L), e.g. `IR-7K3F-9QXM`.
 */
export const TICKET_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const TICKET_PATTERN = /^(IR|ER)-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

/**
 * A ticket as typed or pasted (`ir 7k3f 9qxm`, ` IR-7K3F-9QXM `, `IR7K3F9QXM`) in its canonical
 * form, or null when it cannot be a ticket. The web uses it before calling the lookup; the server
 * applies it again.
 */
export function normalizeTicket(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s\-–—_.]/g, '');
  const candidate = compact.length === 10 ? `${compact.slice(0, 2)}-${compact.slice(2, 6)}-${compact.slice(6)}` : '';
  return TICKET_PATTERN.test(candidate) ? candidate : null;
}
