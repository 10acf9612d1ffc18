import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../lib/app-error.ts';
import { encodeIncidentPhoto } from '../incidents/photo-storage.ts';

/**
 * Photos of inventory items and vehicles. They go through the incident photos' check and
 * re-encoding (content sniffing, EXIF removed, WebP), and are served without a token under random
 * names, like avatars: they show equipment, not people, and an <img> cannot send a bearer token.
 */
export const RESOURCE_PHOTO_URL_PREFIX = '/api/resources/photos/';
const PHOTO_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

function photoDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'resources');
}

/** Stores the photo and answers its URL. Errors name the upload field `photo`. */
export async function storeResourcePhoto(dataDir: string, input: Buffer): Promise<string> {
  let photo;
  try {
    photo = await encodeIncidentPhoto(input);
  } catch (error) {
    if (error instanceof AppError) {
      throw new AppError(error.code, error.message, {
        fields: [{ field: 'photo', message: error.options.fields?.[0]?.message ?? error.message }],
      });
    }
    throw error;
  }
  await fs.mkdir(photoDir(dataDir), { recursive: true });
  const name = `${photo.id}.webp`;
  await fs.writeFile(path.join(photoDir(dataDir), name), photo.data);
  return `${RESOURCE_PHOTO_URL_PREFIX}${name}`;
}

/** Removes a replaced photo of ours; anything else is left alone. */
export async function removeResourcePhoto(dataDir: string, url: string | null): Promise<void> {
  const file = url?.startsWith(RESOURCE_PHOTO_URL_PREFIX)
    ? resourcePhotoFile(dataDir, url.slice(RESOURCE_PHOTO_URL_PREFIX.length))
    : null;
  if (file) await fs.rm(file, { force: true });
}

/** The file of a photo name, or null for names that are not ours (no path tricks). */
export function resourcePhotoFile(dataDir: string, name: string): string | null {
  return PHOTO_NAME.test(name) ? path.join(photoDir(dataDir), name) : null;
}
