import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { startFakeS3, type FakeS3 } from '../../../test/fake-s3.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { diskFileStore, s3FileStore, withDiskFallback, type FileStore } from './file-store.ts';

const ACCESS_KEY = 'BANTAYTESTKEY';
const SECRET = 'a/secret+with=signs';
const webp = (colour: number) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: { r: colour, g: 20, b: 20 } } })
    .webp()
    .toBuffer();
const newKey = (kind = 'avatars') => `${kind}/${crypto.randomBytes(16).toString('hex')}.webp`;

/** What every store promises, whatever keeps the bytes. */
async function expectRoundTrip(store: FileStore): Promise<void> {
  const key = newKey();
  const bytes = await webp(10);
  expect(await store.get(key)).toBeNull();
  await store.put(key, bytes, 'image/webp');
  const stored = await store.get(key);
  expect(stored?.contentType).toBe('image/webp');
  expect(stored?.data.equals(bytes)).toBe(true);
  await store.remove(key);
  expect(await store.get(key)).toBeNull();
  // A second removal (a retry after a failed write) is no error.
  await store.remove(key);
}

let ctx: TestContext;
let s3: FakeS3;
const s3Url = (bucketAndPrefix: string) => {
  const url = new URL(s3.url);
  url.username = encodeURIComponent(ACCESS_KEY);
  url.password = encodeURIComponent(SECRET);
  url.pathname = bucketAndPrefix;
  return url.toString();
};

beforeAll(async () => {
  ctx = await createTestContext();
  s3 = await startFakeS3({ accessKeyId: ACCESS_KEY });
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

describe("this database's file store", () => {
  it('keeps, serves and removes a file: stored_files on PostgreSQL, DATA_DIR on the embedded database', async () => {
    expect(ctx.deps.files.kind).toBe(ctx.database.driver === 'postgres' ? 'postgres' : 'disk');
    await expectRoundTrip(ctx.deps.files);
  });

  it('refuses keys that could leave their place or surprise a bucket', async () => {
    for (const key of ['../jwt-secret', 'avatars/../../jwt-secret.webp', 'avatars/a b.webp', 'avatars/x.svg', '/avatars/x.webp', 'avatars/x']) {
      await expect(ctx.deps.files.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/not a file key/);
      await expect(ctx.deps.files.get(key)).rejects.toThrow(/not a file key/);
    }
  });
});

describe('S3-compatible storage', () => {
  it('puts, gets and deletes objects path-style under the bucket and prefix, signed with the key from S3_URL', async () => {
    const config = loadConfig({ S3_URL: s3Url('/bantay-uploads/site-1'), S3_REGION: 'ap-southeast-1' }).s3!;
    expect(config).toMatchObject({ endpoint: s3.url, bucket: 'bantay-uploads', prefix: 'site-1/', region: 'ap-southeast-1' });
    expect(config.credentials).toEqual({ accessKeyId: ACCESS_KEY, secretAccessKey: SECRET });
    const store = s3FileStore(config);
    try {
      const before = s3.requests.length;
      await expectRoundTrip(store);
      const seen = s3.requests.slice(before);
      expect(seen.map((request) => request.method)).toEqual(['GET', 'PUT', 'GET', 'DELETE', 'GET', 'DELETE']);
      expect(seen.every((request) => /^\/bantay-uploads\/site-1\/avatars\/[0-9a-f]{32}\.webp$/.test(request.path))).toBe(true);
      expect(seen.every((request) => request.authorization?.includes('/ap-southeast-1/s3/aws4_request'))).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('a wrong key pair is an error, not a missing file', async () => {
    const store = s3FileStore(loadConfig({ S3_URL: `${s3.url.replace('//', '//SOMEONEELSE:nope@')}/bantay-uploads` }).s3!);
    try {
      await expect(store.get(newKey())).rejects.toThrow();
    } finally {
      await store.close();
    }
  });

  it('refuses an S3_URL without a bucket at start, naming the variable', () => {
    expect(() => loadConfig({ S3_URL: 'https://s3.example.test' })).toThrow(/S3_URL/);
    expect(() => loadConfig({ S3_URL: 'not a url' })).toThrow(/S3_URL/);
  });

  it('an app with S3_URL stores a profile photo in the bucket, serves it from there and deletes the one it replaces', async () => {
    const app = await createTestContext({ env: { S3_URL: s3Url('/avatars-bucket') } });
    try {
      expect(app.deps.files.kind).toBe('s3');
      const token = await signIn(app, await createUser(app));
      const upload = async (colour: number) => {
        const body = multipartBody('photo', [{ filename: 'me.jpg', contentType: 'image/jpeg', bytes: await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: colour, g: 0, b: 0 } } }).jpeg().toBuffer() }]);
        const response = await app.app.inject({ method: 'POST', url: '/api/account/photo', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
        expect(response.statusCode).toBe(200);
        return response.json<{ profilePicture: string }>().profilePicture;
      };
      const first = await upload(200);
      const name = first.split('/').pop()!;
      const object = s3.objects.get(`/avatars-bucket/avatars/${name}`);
      expect(object?.contentType).toBe('image/webp');

      const served = await app.app.inject({ method: 'GET', url: first });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.rawPayload.equals(object!.data)).toBe(true);
      // Nothing was written under DATA_DIR.
      await expect(fs.readdir(path.join(app.deps.config.dataDir, 'uploads'))).rejects.toMatchObject({ code: 'ENOENT' });

      await upload(40);
      expect(s3.objects.has(`/avatars-bucket/avatars/${name}`)).toBe(false);
      expect((await app.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('uploads from before the shared store', () => {
  it('a file under DATA_DIR is still served, and removed there, when the shared store has no such key', async () => {
    const dir = path.join(ctx.deps.config.dataDir, 'legacy-test');
    const disk = diskFileStore(dir);
    const store = withDiskFallback(s3FileStore(loadConfig({ S3_URL: s3Url('/legacy-bucket') }).s3!), disk);
    try {
      const key = newKey('resources');
      const bytes = await webp(99);
      await fs.mkdir(path.join(dir, 'uploads', 'resources'), { recursive: true });
      await fs.writeFile(path.join(dir, 'uploads', key), bytes);
      expect((await store.get(key))?.data.equals(bytes)).toBe(true);
      await store.remove(key);
      expect(await store.get(key)).toBeNull();
      expect(await disk.get(key)).toBeNull();
    } finally {
      await store.close();
    }
  });
});
