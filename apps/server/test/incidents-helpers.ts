import crypto from 'node:crypto';
import sharp from 'sharp';
import type { SQL } from 'drizzle-orm';
import type { Hotline, Polygon } from '@bantay/shared';
import type { TestContext } from './harness.ts';
import { solveBotCheck } from './security-helpers.ts';
import { DEFAULT_INCIDENT_TYPES, saveSettings } from '../src/modules/settings/settings.service.ts';
import type { IncidentRow, NewIncidentRow } from '../src/db/schema/index.ts';
import { insertIncident, insertIncidentEvent } from '../src/modules/incidents/incidents.repository.ts';
import { newTicket } from '../src/modules/incidents/ticket.ts';

/** Helpers of the incident tests: settings, reports, photos, incidents. */

/** A 0.01° square (about 1.1 km) around the brief's map centre, corners as [lng, lat]. */
export const TEST_BOUNDARY: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [121.045, 14.73],
      [121.055, 14.73],
      [121.055, 14.74],
      [121.045, 14.74],
      [121.045, 14.73],
    ],
  ],
};
export const INSIDE = { lat: 14.7356, lng: 121.0498 };

/** The test barangay's settings with this boundary (and these hotlines, none by default). */
export async function setBoundary(ctx: TestContext, boundary: Polygon | null, hotlines: Hotline[] = []): Promise<void> {
  await saveSettings(
    ctx.deps,
    {
      name: 'Barangay Test',
      abbreviation: 'BT',
      logo: null,
      boundary,
      mapStartLat: INSIDE.lat,
      mapStartLng: INSIDE.lng,
      mapStartZoom: 14,
      hotlines,
      incidentTypes: DEFAULT_INCIDENT_TYPES,
      timezone: 'Asia/Manila',
    },
  );
}

export const newDeviceId = () => crypto.randomBytes(12).toString('hex');

function reportBody(ctx: TestContext, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'Theft',
    classification: 'normal',
    description: 'A bicycle was taken from the gate.',
    occurredAt: ctx.deps.clock.now().toISOString(),
    location: { ...INSIDE, accuracy: 12 },
    landmark: 'Beside the chapel',
    deviceId: newDeviceId(),
    ...overrides,
  };
}

export async function postReport(
  ctx: TestContext,
  overrides: Record<string, unknown> = {},
  options: { ip?: string; headers?: Record<string, string>; botCheck?: string | null } = {},
) {
  const botCheck = options.botCheck === undefined ? await solveBotCheck(ctx) : options.botCheck;
  const payload = { ...reportBody(ctx, overrides), ...(botCheck === null ? {} : { botCheck }) };
  return ctx.app.inject({
    method: 'POST',
    url: '/api/public/incidents',
    remoteAddress: options.ip ?? '10.1.0.1',
    headers: options.headers,
    payload,
  });
}

/** A JPEG carrying camera and GPS EXIF, as phones write them. */
export async function jpegWithExif(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({
      exif: {
        IFD0: { Make: 'PhoneMaker', Model: 'Snap 9' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 44/1 8/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 2/1 59/1' },
      },
    })
    .toBuffer();
}

function multipartFiles(files: { filename: string; contentType: string; bytes: Buffer }[]) {
  const boundary = `----bantay-${crypto.randomBytes(6).toString('hex')}`;
  const parts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function uploadPhotos(ctx: TestContext, files: { filename: string; contentType: string; bytes: Buffer }[], ip = '10.1.0.1') {
  const body = multipartFiles(files);
  return ctx.app.inject({ method: 'POST', url: '/api/public/photos', remoteAddress: ip, headers: body.headers, payload: body.payload });
}

/** Raw SQL for assertions, on either driver. */
export async function query<T = Record<string, unknown>>(ctx: TestContext, statement: SQL): Promise<T[]> {
  const result = (await ctx.deps.db.execute(statement)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/** A pending incident written straight to the database (with its `created` event), for staff-side tests. */
export async function insertTestIncident(ctx: TestContext, overrides: Partial<NewIncidentRow> = {}): Promise<IncidentRow> {
  const now = ctx.deps.clock.now();
  const classification = overrides.classification ?? 'normal';
  const row = await insertIncident(ctx.deps.db, {
    ticket: newTicket(classification),
    type: 'Theft',
    classification,
    description: 'A bicycle was taken from the gate.',
    occurredAt: now,
    lat: INSIDE.lat,
    lng: INSIDE.lng,
    landmark: 'Beside the chapel',
    reporterName: 'Ana Reyes',
    reporterPhone: '+639175551234',
    createdAt: now,
    updatedAt: now,
    ...overrides,
  });
  await insertIncidentEvent(ctx.deps.db, { incidentId: row!.id, at: row!.createdAt, kind: 'created' });
  return row!;
}
