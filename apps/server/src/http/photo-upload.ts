import { msg } from '@lingui/core/macro';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { Text } from '../lib/i18n.ts';

/**
 * The one way a route takes photos in (avatars, the logo, item and vehicle photos). The multipart
 * parser is registered on the route's own scope only, with limits that answer 413 before a byte
 * more is read (FST_REQ_FILE_TOO_LARGE, FST_FILES_LIMIT: http/error-handler.ts); the first bytes
 * must be a JPEG, PNG or WebP signature, so anything else is refused 415 before it reaches sharp,
 * which then decodes and re-encodes it (modules/files/avatar-storage.ts,
 * modules/files/incident-photos.ts).
 */
export interface PhotoUploadLimits {
  /** Bytes per file. */
  maxBytes: number;
  /** Files per request. */
  maxFiles?: number;
}

/** Registers the multipart parser for the photo routes of one scope (call inside `app.register`). */
export async function registerPhotoUploads(scope: FastifyInstance, limits: PhotoUploadLimits): Promise<void> {
  const files = limits.maxFiles ?? 1;
  await scope.register(multipart, {
    limits: { fileSize: limits.maxBytes, files, fields: 0, parts: files + 1, headerPairs: 100 },
  });
}

export type PhotoFormat = 'jpeg' | 'png' | 'webp';

/** The image format the bytes start with, or null: JPEG `FF D8 FF`, PNG's eight-byte signature, WebP `RIFF….WEBP`. */
export function photoFormatOf(bytes: Buffer): PhotoFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

const fieldError = (code: 'VALIDATION_FAILED' | 'UNSUPPORTED_MEDIA_TYPE', field: string, message: Text) =>
  new AppError(code, message, { fields: [{ field, message }] });

/**
 * The one photo of a request, under `field`: 400 when there is none (or it came under another
 * name), 415 when its bytes are not a JPEG, PNG or WebP, whatever its name or declared type.
 */
export async function readPhoto(request: FastifyRequest, field = 'photo'): Promise<Buffer> {
  const part = await request.file();
  if (!part || part.fieldname !== field) throw fieldError('VALIDATION_FAILED', field, msg`Choose a photo to upload`);
  const bytes = await part.toBuffer();
  if (!photoFormatOf(bytes)) throw fieldError('UNSUPPORTED_MEDIA_TYPE', field, msg`Upload a JPEG, PNG or WebP image`);
  return bytes;
}
