import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';

/** Where avatars live and how they are addressed. Names are random, so they can be cached forever. */
export const AVATAR_URL_PREFIX = '/api/files/avatars/';
const AVATAR_NAME = /^[a-f0-9]{32}\.webp$/;
const AVATAR_SIZE = 512;
/** Refuse decompression bombs: a 5 MB file may not claim more than 40 megapixels. */
const MAX_INPUT_PIXELS = 40_000_000;

export function avatarDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'avatars');
}

/**
 * Checks the bytes (not the name or the declared type) are a JPEG, PNG or WebP image, then
 * re-encodes it as a 512×512 WebP. sharp writes no metadata unless asked, so EXIF (GPS position,
 * camera serial) and XMP are gone; the EXIF orientation is applied first so the photo stays upright.
 * A logo is fitted whole (`contain`, on transparency) rather than cropped like a face.
 */
export async function storeAvatar(dataDir: string, input: Buffer, options: { fit?: 'cover' | 'contain' } = {}): Promise<string> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a JPEG, PNG or WebP image', {
      fields: [{ field: 'photo', message: 'Upload a JPEG, PNG or WebP image' }],
    });
  }
  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(
        AVATAR_SIZE,
        AVATAR_SIZE,
        options.fit === 'contain' ? { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } } : { fit: 'cover', position: 'attention' },
      )
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('UNPROCESSABLE', 'This image could not be read. Please try another one.', {
      fields: [{ field: 'photo', message: 'This image could not be read' }],
    });
  }
  const name = `${crypto.randomBytes(16).toString('hex')}.webp`;
  const dir = avatarDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), output);
  return `${AVATAR_URL_PREFIX}${name}`;
}

/** Removes a replaced avatar of ours; other URLs (none yet) are left alone. */
export async function removeAvatar(dataDir: string, url: string | null): Promise<void> {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = url.slice(AVATAR_URL_PREFIX.length);
  if (!AVATAR_NAME.test(name)) return;
  await fs.rm(path.join(avatarDir(dataDir), name), { force: true });
}

/** The file of an avatar name, or null for names that are not ours (no path tricks). */
export function avatarFile(dataDir: string, name: string): string | null {
  return AVATAR_NAME.test(name) ? path.join(avatarDir(dataDir), name) : null;
}
