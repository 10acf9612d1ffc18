import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { S3Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';

/**
 * Where uploads live (decision 023). Every upload kind (incident photos and evidence, avatars, the
 * logo, resource photos) is written and read through one store, chosen at start:
 * - S3-compatible storage when S3_URL is set;
 * - the `stored_files` table when the server runs on PostgreSQL;
 * - files under DATA_DIR/uploads on the embedded database (one process, one disk).
 * The first two are shared by every instance, so a photo uploaded through one is served by all.
 */
export interface FileStore {
  readonly kind: 'disk' | 'postgres' | 's3';
  /** Stores bytes under a key (overwrites: keys are random, so that only happens on a retry). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes of a key, or null when there are none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes a key; a key that is already gone is fine. */
  remove(key: string): Promise<void>;
  /** Lets go of connections (the S3 client's sockets); the database belongs to its owner. */
  close(): Promise<void>;
}

interface StoredFile {
  data: Buffer;
  contentType: string;
}

/**
 * `<kind>/<name>.<extension>`, with names the modules generate (random hex or a UUID): nothing that
 * could climb out of DATA_DIR or surprise an S3 key. Callers check names from URLs before making
 * a key; this check is the last line.
 */
const FILE_KEY = /^[a-z]+\/[A-Za-z0-9-]{1,64}\.(webp|png|jpg)$/;

function assertFileKey(key: string): void {
  if (!FILE_KEY.test(key)) throw new Error(`not a file key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };

/** Disk files carry no content type of their own: it follows from the key's extension. */
function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** The embedded database's store: `DATA_DIR/uploads/<key>`, the layout uploads always had. */
export function diskFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'uploads');
  const fileOf = (key: string) => {
    assertFileKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'disk',
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never gets half a photo.
      const partial = `${file}.${crypto.randomBytes(4).toString('hex')}.part`;
      await fs.writeFile(partial, data);
      await fs.rename(partial, file);
    },
    async get(key) {
      const data = await fs.readFile(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
        throw error;
      });
      return data ? { data, contentType: contentTypeOfKey(key) } : null;
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async close() {},
  };
}

/** PostgreSQL's store: one row per file in `stored_files`, read by every instance on the database. */
function postgresFileStore(db: Db): FileStore {
  return {
    kind: 'postgres',
    async put(key, data, contentType) {
      assertFileKey(key);
      await db
        .insert(storedFiles)
        .values({ key, data, contentType, size: data.length })
        .onConflictDoUpdate({ target: storedFiles.key, set: { data, contentType, size: data.length } });
    },
    async get(key) {
      assertFileKey(key);
      const [row] = await db
        .select({ data: storedFiles.data, contentType: storedFiles.contentType })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return row ?? null;
    },
    async remove(key) {
      assertFileKey(key);
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
    async close() {},
  };
}

/**
 * S3-compatible storage (AWS S3, MinIO, Cloudflare R2, Backblaze B2…), addressed path-style so
 * any host name works without wildcard DNS. Checksums are sent and checked only where the
 * protocol requires them: the SDK's newer defaults add CRC headers and chunked uploads that
 * several S3-compatible services refuse.
 */
export function s3FileStore(config: S3Config): FileStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const objectKey = (key: string) => {
    assertFileKey(key);
    return `${config.prefix}${key}`;
  };
  return {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: config.bucket, Key: objectKey(key), Body: data, ContentType: contentType, ContentLength: data.length }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        if (!answer.Body) return null;
        const data = Buffer.from(await answer.Body.transformToByteArray());
        return { data, contentType: answer.ContentType ?? contentTypeOfKey(key) };
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if ((error as Error).name === 'NoSuchKey' || status === 404) return null;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers 204 for a key that is not there, so a second removal is no error either.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
    async close() {
      client.destroy();
    },
  };
}

/**
 * Uploads written before the store existed are files under DATA_DIR. A shared store reads them
 * there when it has no such key (and removes them there too), so an installation that moves to
 * PostgreSQL or S3 keeps its photos; the instance that took them in still serves them.
 */
export function withDiskFallback(primary: FileStore, disk: FileStore): FileStore {
  return {
    kind: primary.kind,
    put: (key, data, contentType) => primary.put(key, data, contentType),
    async get(key) {
      return (await primary.get(key)) ?? (await disk.get(key));
    },
    async remove(key) {
      await Promise.all([primary.remove(key), disk.remove(key)]);
    },
    close: () => primary.close(),
  };
}

/** The store for this configuration and database (main.ts, the test harness, the demo seed). */
export function createFileStore(options: { dataDir: string; s3: S3Config | undefined; db: Db; driver: 'pglite' | 'postgres' }): FileStore {
  const disk = diskFileStore(options.dataDir);
  if (options.s3) return withDiskFallback(s3FileStore(options.s3), disk);
  if (options.driver === 'postgres') return withDiskFallback(postgresFileStore(options.db), disk);
  return disk;
}
