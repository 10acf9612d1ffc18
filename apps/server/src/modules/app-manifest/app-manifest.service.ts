import crypto from 'node:crypto';
import type { PublicSettings } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { getPublicSettings } from '../settings/index.ts';
import { APP_ICONS, readLogo, renderAppIcon, type AppIconName } from './app-icons.ts';

/** A response body with its validator (an ETag of its content). */
export interface ServedBody {
  body: string | Buffer;
  etag: string;
}

/**
 * Where the installed app opens. One URL for every role: the web app sends a signed-in staff
 * member on from here to their role's home (apps/web/src/lib/pwa-start.ts); residents and
 * visitors stay on the landing page.
 */
const APP_START_URL = '/?source=pwa';

/** The brand colour of the light theme (`--color-brand-600`) and its page colour (`--canvas`). */
const THEME_COLOR = '#0b3d91';
const BACKGROUND_COLOR = '#f4f6fa';
/** A launcher shows about 12 characters under an icon. */
const SHORT_NAME_MAX = 12;

// Weak: the compression plugin may send the same content brotli- or gzip-encoded.
const etagOf = (body: string | Buffer) => `W/"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Changes with the logo, so launchers fetch the icons again when it changes (and only then). */
const iconVersion = (logo: string | null) => crypto.createHash('sha256').update(logo ?? 'default').digest('hex').slice(0, 10);

function buildAppManifest(settings: Pick<PublicSettings, 'name' | 'abbreviation' | 'logo'>): Record<string, unknown> {
  const version = iconVersion(settings.logo);
  const icon = (name: AppIconName) => ({
    src: `/app-icons/${name}?v=${version}`,
    sizes: `${APP_ICONS[name].size}x${APP_ICONS[name].size}`,
    type: 'image/png',
    purpose: APP_ICONS[name].purpose,
  });
  const withAbbreviation = `Bantay ${settings.abbreviation.trim()}`;
  return {
    id: '/',
    name: `Bantay · ${settings.name}`,
    short_name: settings.abbreviation.trim() && withAbbreviation.length <= SHORT_NAME_MAX ? withAbbreviation : 'Bantay',
    description: `Report an incident or an emergency to ${settings.name}, follow your ticket, and for its tanods: alerts, patrols and incidents.`,
    lang: 'en',
    dir: 'ltr',
    start_url: APP_START_URL,
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['government', 'utilities'],
    icons: [icon('icon-192.png'), icon('icon-512.png'), icon('maskable-192.png'), icon('maskable-512.png')],
    // A long press on the icon: the two public reports, straight away.
    shortcuts: [
      { name: 'Emergency report', short_name: 'Emergency', url: '/Reportincidents?emergency=1&source=pwa' },
      { name: 'Report an incident', short_name: 'Report', url: '/Reportincidents?source=pwa' },
    ],
  };
}

/** `GET /manifest.webmanifest`: built from the settings, so it follows a change of name or logo. */
export async function getAppManifest(deps: AppDeps): Promise<ServedBody> {
  const body = JSON.stringify(buildAppManifest(await getPublicSettings(deps)));
  return { body, etag: etagOf(body) };
}

/**
 * The icons of the current logo, drawn once per app instance (AppDeps.appIcons) and logo: sharp
 * takes some 20 ms each. A new logo forgets the old drawings.
 */
export class DrawnAppIcons {
  private logo: string | null = null;
  private icons = new Map<AppIconName, Promise<ServedBody>>();

  /** The drawings of `logo`, empty when it is not the logo drawn so far. */
  of(logo: string | null): Map<AppIconName, Promise<ServedBody>> {
    if (this.logo !== logo) {
      this.logo = logo;
      this.icons = new Map();
    }
    return this.icons;
  }
}

/** `GET /app-icons/{name}`: the icon drawn from the current logo. */
export async function getAppIcon(deps: AppDeps, name: AppIconName): Promise<ServedBody> {
  const { logo } = await getPublicSettings(deps);
  const icons = deps.appIcons.of(logo);
  let icon = icons.get(name);
  if (!icon) {
    icon = readLogo(deps.files, logo)
      .then((bytes) => renderAppIcon(name, bytes))
      .then((png) => ({ body: png, etag: etagOf(png) }));
    // A failed drawing is not kept: the next request tries again.
    icon.catch(() => icons.delete(name));
    icons.set(name, icon);
  }
  return icon;
}
