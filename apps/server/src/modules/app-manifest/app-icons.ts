import sharp from 'sharp';
import { readAvatar, type FileStore } from '../files/index.ts';

/**
 * The installed app's icons, drawn from the barangay logo (settings) or, without one, from the
 * shield of `apps/web/public/favicon.svg`. Each purpose has its own margins:
 * - `any`: the art nearly fills a transparent square;
 * - `maskable`: the launcher cuts the icon to its own shape, keeping at least the centre circle
 *   of 80 % of the width, so the art sits inside that circle on an opaque background;
 * - `apple`: iOS shows no transparency (it would turn black), so an opaque square with a margin;
 * - `badge`: the small icon of a push alert in Android's status bar, which uses only its alpha:
 *   always the shield's outline with the star cut out, since a logo's outline is often a square.
 */
export const APP_ICONS = {
  'icon-192.png': { size: 192, purpose: 'any' },
  'icon-512.png': { size: 512, purpose: 'any' },
  'maskable-192.png': { size: 192, purpose: 'maskable' },
  'maskable-512.png': { size: 512, purpose: 'maskable' },
  'apple-touch-icon.png': { size: 180, purpose: 'apple' },
  'badge-72.png': { size: 72, purpose: 'badge' },
} as const;

export type AppIconName = keyof typeof APP_ICONS;

export const isAppIconName = (name: string): name is AppIconName => Object.hasOwn(APP_ICONS, name);

/** Where the art may go, as a share of the icon's width (a square of 56 % fits the 80 % circle). */
const ART_SHARE: Record<(typeof APP_ICONS)[AppIconName]['purpose'], number> = { any: 0.92, maskable: 0.56, apple: 0.8, badge: 0.92 };
const BACKGROUND = { r: 255, g: 255, b: 255, alpha: 1 };
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

const SHIELD = 'M20 2 5 8v11c0 9.4 6.4 16.4 15 19 8.6-2.6 15-9.6 15-19V8L20 2Z';
const STAR = 'm20 11 2.6 5.4 5.9.8-4.3 4.1 1 5.9L20 24.4l-5.2 2.8 1-5.9-4.3-4.1 5.9-.8L20 11Z';

/** The default logo at `size` pixels (the shield and star of the favicon and BrandMark); `badge`: its white outline. */
function defaultArt(size: number, badge = false): Buffer {
  const paths = badge
    ? `<path d="${SHIELD} ${STAR}" fill="#fff" fill-rule="evenodd"/>`
    : `<path d="${SHIELD}" fill="#0b3d91"/><path d="${STAR}" fill="#FCD116"/>`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 40 40">${paths}</svg>`);
}

/** The stored logo's bytes (a 512 px WebP written by settings.service.ts), or null for none or a missing file. */
export async function readLogo(files: FileStore, logoUrl: string | null): Promise<Buffer | null> {
  return readAvatar(files, logoUrl);
}

/** One icon as PNG. */
export async function renderAppIcon(name: AppIconName, logo: Buffer | null): Promise<Buffer> {
  const { size, purpose } = APP_ICONS[name];
  const inner = Math.round(size * ART_SHARE[purpose]);
  const art =
    logo && purpose !== 'badge'
      ? await sharp(logo).resize(inner, inner, { fit: 'contain', background: TRANSPARENT }).png().toBuffer()
      : await sharp(defaultArt(inner, purpose === 'badge')).png().toBuffer();
  const opaque = purpose === 'maskable' || purpose === 'apple';
  return sharp({ create: { width: size, height: size, channels: 4, background: opaque ? BACKGROUND : TRANSPARENT } })
    .composite([{ input: art, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}
