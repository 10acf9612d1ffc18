import { msg } from '@lingui/core/macro';
import crypto from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import type { FileStore } from './file-store.ts';
import { isAcceptedImage, uprightImage } from './image-input.ts';

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

/** Checks the bytes are a JPEG, PNG or WebP image (image-input.ts) and re-encodes it as WebP, without metadata. */
export async function encodeIncidentPhoto(input: Buffer): Promise<EncodedPhoto> {
  if (!(await isAcceptedImage(input))) throw unsupported();
  try {
    const { data, info } = await uprightImage(input)
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
