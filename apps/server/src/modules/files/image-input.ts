import sharp from 'sharp';

/**
 * What every uploaded image goes through first (avatars and the logo, incident photos, item and
 * vehicle photos): the bytes, not the name or the declared type, must be a JPEG, PNG or WebP,
 * and a 5 MB file may not claim more than 40 megapixels (a decompression bomb).
 */
const MAX_INPUT_PIXELS = 40_000_000;

/** Whether sharp reads the bytes as a JPEG, PNG or WebP image. */
export async function isAcceptedImage(input: Buffer): Promise<boolean> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  return format === 'jpeg' || format === 'png' || format === 'webp';
}

/**
 * The image to re-encode, turned upright by its EXIF orientation first. sharp writes no metadata
 * unless asked, so what it outputs has no EXIF (a GPS position, a camera serial) or XMP.
 */
export function uprightImage(input: Buffer): ReturnType<typeof sharp> {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
}
