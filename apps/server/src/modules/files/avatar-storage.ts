import { msg } from '@lingui/core/macro';
import crypto from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import type { FileStore } from './file-store.ts';
import { isAcceptedImage, uprightImage } from './image-input.ts';

/** Where avatars live and how they are addressed. Names are random, so they can be cached forever. */
export const AVATAR_URL_PREFIX = '/api/files/avatars/';
const AVATAR_NAME = /^[a-f0-9]{32}\.webp$/;
const AVATAR_SIZE = 512;

/**
 * Checks the bytes are a JPEG, PNG or WebP image (image-input.ts), then re-encodes it as a
 * 512×512 WebP, upright and without metadata. A logo is fitted whole (`contain`, on
 * transparency) rather than cropped like a face.
 */
export async function storeAvatar(files: FileStore, input: Buffer, options: { fit?: 'cover' | 'contain' } = {}): Promise<string> {
  if (!(await isAcceptedImage(input))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', msg`Upload a JPEG, PNG or WebP image`, {
      fields: [{ field: 'photo', message: msg`Upload a JPEG, PNG or WebP image` }],
    });
  }
  let output: Buffer;
  try {
    output = await uprightImage(input)
      .resize(
        AVATAR_SIZE,
        AVATAR_SIZE,
        options.fit === 'contain' ? { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } } : { fit: 'cover', position: 'attention' },
      )
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('UNPROCESSABLE', msg`This image could not be read. Please try another one.`, {
      fields: [{ field: 'photo', message: msg`This image could not be read` }],
    });
  }
  const name = `${crypto.randomBytes(16).toString('hex')}.webp`;
  await files.put(avatarKey(name)!, output, 'image/webp');
  return `${AVATAR_URL_PREFIX}${name}`;
}

/** Removes a replaced avatar of ours; other URLs (none yet) are left alone. */
export async function removeAvatar(files: FileStore, url: string | null): Promise<void> {
  const key = url?.startsWith(AVATAR_URL_PREFIX) ? avatarKey(url.slice(AVATAR_URL_PREFIX.length)) : null;
  if (key) await files.remove(key);
}

/** The store's key of an avatar name, or null for names that are not ours (no path tricks). */
export function avatarKey(name: string): string | null {
  return AVATAR_NAME.test(name) ? `avatars/${name}` : null;
}

/** The stored bytes behind an avatar or logo URL of ours, or null (another URL, a missing file). */
export async function readAvatar(files: FileStore, url: string | null): Promise<Buffer | null> {
  const key = url?.startsWith(AVATAR_URL_PREFIX) ? avatarKey(url.slice(AVATAR_URL_PREFIX.length)) : null;
  return key ? ((await files.get(key))?.data ?? null) : null;
}
