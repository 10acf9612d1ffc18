import { AVATAR_URL_PREFIX, avatarKey } from './avatar-storage.ts';
import type { FileStore } from './file-store.ts';
import { RESOURCE_PHOTO_URL_PREFIX, resourcePhotoKey } from './resource-photos.ts';

/**
 * Reads the bytes behind an image URL of ours (an avatar, the logo, a resource photo), for code
 * that draws it (the report PDFs: lib/pdf/document.ts takes this as its image reader, since a
 * lower layer does not know the store or its URLs). Null for other URLs and missing files.
 */
export function storedImageReader(files: FileStore): (url: string) => Promise<Buffer | null> {
  return async (url) => {
    const key = url.startsWith(AVATAR_URL_PREFIX)
      ? avatarKey(url.slice(AVATAR_URL_PREFIX.length))
      : url.startsWith(RESOURCE_PHOTO_URL_PREFIX)
        ? resourcePhotoKey(url.slice(RESOURCE_PHOTO_URL_PREFIX.length))
        : null;
    if (!key) return null;
    return (await files.get(key).catch(() => null))?.data ?? null;
  };
}
