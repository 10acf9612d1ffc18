import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser, signIn } from '../../../test/harness.ts';
import { insertTestIncident, query } from '../../../test/incidents-helpers.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { startTwoInstances, type Instance, type TwoInstances } from '../../../test/two-instances.ts';

// Two real instances on one PostgreSQL database, each with its own DATA_DIR and port: an upload
// taken in by one is served by the other only if it lives in the shared store (stored_files).
let cluster: TwoInstances;
beforeAll(async () => {
  cluster = await startTwoInstances();
});
afterAll(async () => {
  await cluster?.close();
});

const jpeg = (red: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: red, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();

async function upload(instance: Instance, url: string, field: string, bytes: Buffer, token?: string): Promise<Response> {
  const body = multipartBody(field, [{ filename: 'photo.jpg', contentType: 'image/jpeg', bytes }]);
  return fetch(`${instance.url}${url}`, {
    method: 'POST',
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body.payload,
  });
}

async function download(instance: Instance, url: string, token?: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(`${instance.url}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('uploads across instances', () => {
  it('a profile photo uploaded through A is served by B, and after B replaces it A no longer serves the old one', async () => {
    const { a, b } = cluster;
    const token = await signIn(a.ctx, await createUser(a.ctx));
    const first = await upload(a, '/api/account/photo', 'photo', await jpeg(200), token);
    expect(first.status).toBe(200);
    const url = ((await first.json()) as { profilePicture: string }).profilePicture;

    const fromA = await download(a, url);
    const fromB = await download(b, url);
    expect(fromB).toMatchObject({ status: 200, type: 'image/webp' });
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);

    const second = await upload(b, '/api/account/photo', 'photo', await jpeg(20), token);
    expect(second.status).toBe(200);
    const replaced = ((await second.json()) as { profilePicture: string }).profilePicture;
    expect((await download(a, replaced)).status).toBe(200);
    expect((await download(a, url)).status).toBe(404);
  });

  it("a report's photo uploaded through A is shown to staff by B", async () => {
    const { a, b } = cluster;
    const response = await upload(a, '/api/public/photos', 'photos', await jpeg(120));
    expect(response.status).toBe(201);
    const [photo] = ((await response.json()) as { photos: { id: string }[] }).photos;
    const admin = await signIn(b.ctx, await createUser(b.ctx, { userType: 'admin' }));
    // A photo is shown once a report holds it (modules/incidents/staff-incidents.service.ts, checkPhotoAccess).
    const incident = await insertTestIncident(b.ctx);
    await query(b.ctx, sql`update incident_photos set incident_id = ${incident.id} where id = ${photo!.id}`);

    const served = await download(b, `/api/incidents/photos/${photo!.id}`, admin);
    expect(served).toMatchObject({ status: 200, type: 'image/webp' });
    expect((await sharp(served.bytes).metadata()).width).toBe(320);
    // Still staff only on either instance.
    expect((await download(b, `/api/incidents/photos/${photo!.id}`)).status).toBe(401);
  });
});
