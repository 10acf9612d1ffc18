import { msg } from '@lingui/core/macro';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import type { FileStore } from './file-store.ts';

/** Refuse decompression bombs: a 5 MB file may not claim more than 40 megapixels. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Enough for staff to read a plate or a face; smaller files for slow connections. */
const MAX_EDGE = 2048;

/** The store's key of a photo id (a UUID the route has checked). */
export function incidentPhotoKey(id: string): string {
  return `incidents/${id}.webp`;
}

export interface EncodedPhoto {
  id: string;
  data: Buffer;
  width: number;
  height: number;
}

const unsupported = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', msg`Upload JPEG, PNG or WebP photos only`, {
    fields: [{ field: 'photos', message: msg`Upload JPEG, PNG or WebP photos only` }],
  });

/**
 * Checks the bytes (not the name or the declared type) are a JPEG, PNG or WebP image and
 * re-encodes it as WebP. sharp writes no metadata unless asked, so EXIF (the GPS position of the
 * reporter's home, the phone's serial) and XMP are gone; the orientation is applied first.
 */
export async function encodeIncidentPhoto(input: Buffer): Promise<EncodedPhoto> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp') throw unsupported();
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(MAX_EDGE, MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { id: crypto.randomUUID(), data, width: info.width, height: info.height };
  } catch {
    throw new AppError('UNPROCESSABLE', msg`A photo could not be read. Please try another one.`, {
      fields: [{ field: 'photos', message: msg`This image could not be read` }],
    });
  }
}

export async function writeIncidentPhotos(files: FileStore, photos: EncodedPhoto[]): Promise<void> {
  await Promise.all(photos.map((photo) => files.put(incidentPhotoKey(photo.id), photo.data, 'image/webp')));
}

/** Takes back files written for a write that then failed, so the failure leaves nothing behind. */
export async function removeIncidentPhotos(files: FileStore, ids: string[]): Promise<void> {
  await Promise.all(ids.map((id) => files.remove(incidentPhotoKey(id))));
}

/** A stored photo's bytes, or null when it is gone. */
export async function readIncidentPhoto(files: FileStore, id: string): Promise<Buffer | null> {
  return (await files.get(incidentPhotoKey(id)))?.data ?? null;
}
