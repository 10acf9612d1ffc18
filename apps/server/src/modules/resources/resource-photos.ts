import type { AppDeps } from '../../deps.ts';
import { inTransaction, type Executor } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { appendAuditEntry } from '../audit/audit.repository.ts';
import type { Actor } from '../../http/actor.ts';
import { encodeIncidentPhoto } from '../incidents/photo-storage.ts';
import type { AuditEntity } from '@bantay/shared';
import type { FileStore } from '../files/file-store.ts';

/**
 * Photos of inventory items and vehicles. They go through the incident photos' check and
 * re-encoding (content sniffing, EXIF removed, WebP), and are served without a token under random
 * names, like avatars: they show equipment, not people, and an <img> cannot send a bearer token.
 */
export const RESOURCE_PHOTO_URL_PREFIX = '/api/resources/photos/';
const PHOTO_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** Stores the photo and answers its URL. Errors name the upload field `photo`. */
export async function storeResourcePhoto(files: FileStore, input: Buffer): Promise<string> {
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
export async function removeResourcePhoto(files: FileStore, url: string | null): Promise<void> {
  const key = url?.startsWith(RESOURCE_PHOTO_URL_PREFIX) ? resourcePhotoKey(url.slice(RESOURCE_PHOTO_URL_PREFIX.length)) : null;
  if (key) await files.remove(key);
}

/** The store's key of a photo name, or null for names that are not ours (no path tricks). */
export function resourcePhotoKey(name: string): string | null {
  return PHOTO_NAME.test(name) ? `resources/${name}` : null;
}

interface PhotoTarget {
  /** The audit entry's entity. */
  entity: Extract<AuditEntity, 'inventory_item' | 'vehicle'>;
  id: string;
  /** Locks the row and points it at the new photo; answers the row as it was, or undefined when it is gone. */
  swap(tx: Executor, url: string, now: Date): Promise<{ image: string | null } | undefined>;
  notFound(): Error;
}

/**
 * Replaces an item's or a vehicle's photo: the file is stored first, the row changes and the
 * audit entry is written in one transaction, and the old file goes only after the commit (the new
 * one goes instead if the transaction fails), so a row never points at a missing file.
 */
export async function replaceResourcePhoto(deps: AppDeps, actor: Actor, target: PhotoTarget, bytes: Buffer): Promise<void> {
  const url = await storeResourcePhoto(deps.files, bytes);
  const previous = await inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const row = await target.swap(tx, url, now);
    if (!row) throw target.notFound();
    await appendAuditEntry(tx, {
      actor,
      action: 'update_photo',
      entity: target.entity,
      entityId: target.id,
      before: { image: row.image },
      after: { image: url },
      at: now,
    });
    return row.image;
  }).catch(async (error: unknown) => {
    await removeResourcePhoto(deps.files, url);
    throw error;
  });
  await removeResourcePhoto(deps.files, previous);
}
