import { AppError } from '../../lib/app-error.ts';
import type { FileStore } from './file-store.ts';
import { encodeIncidentPhoto } from './incident-photos.ts';

/**
 * Photos of inventory items and vehicles. They go through the incident photos' check and
 * re-encoding (content sniffing, EXIF removed, WebP), and are served without a token under random
 * names, like avatars: they show equipment, not people, and an <img> cannot send a bearer token.
 */
export const RESOURCE_PHOTO_URL_PREFIX = '/api/resources/photos/';
const PHOTO_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** Stores the photo and answers its URL. Errors name the upload field `photo`. */
async function storeResourcePhoto(files: FileStore, input: Buffer): Promise<string> {
  let photo;
  try {
    photo = await encodeIncidentPhoto(input);
  } catch (error) {
    if (error instanceof AppError) {
      throw new AppError(error.code, error.text, {
        fields: [{ field: 'photo', message: error.options.fields?.[0]?.message ?? error.text }],
      });
    }
    throw error;
  }
  const name = `${photo.id}.webp`;
  await files.put(resourcePhotoKey(name)!, photo.data, 'image/webp');
  return `${RESOURCE_PHOTO_URL_PREFIX}${name}`;
}

/** Removes a replaced photo of ours; anything else is left alone. */
async function removeResourcePhoto(files: FileStore, url: string | null): Promise<void> {
  const key = url?.startsWith(RESOURCE_PHOTO_URL_PREFIX) ? resourcePhotoKey(url.slice(RESOURCE_PHOTO_URL_PREFIX.length)) : null;
  if (key) await files.remove(key);
}

/** The store's key of a photo name, or null for names that are not ours (no path tricks). */
export function resourcePhotoKey(name: string): string | null {
  return PHOTO_NAME.test(name) ? `resources/${name}` : null;
}

/**
 * Replaces an item's or a vehicle's photo. The file is stored first; `commit` points the row at
 * the new URL (with its audit entry, in one transaction) and answers the URL it replaced. The old
 * file goes only after that (the new one goes instead if `commit` fails), so a row never points
 * at a missing file.
 */
export async function replaceResourcePhoto(
  files: FileStore,
  bytes: Buffer,
  commit: (url: string) => Promise<string | null>,
): Promise<void> {
  const url = await storeResourcePhoto(files, bytes);
  const previous = await commit(url).catch(async (error: unknown) => {
    await removeResourcePhoto(files, url);
    throw error;
  });
  await removeResourcePhoto(files, previous);
}
