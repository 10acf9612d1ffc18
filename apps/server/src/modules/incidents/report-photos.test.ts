import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { incidentPhotoKey } from '../files/index.ts';
import { storedBytes } from '../../../test/stored-files.ts';
import { TEST_BOUNDARY, jpegWithExif, postReport, query, setBoundary, uploadPhotos } from '../../../test/incidents-helpers.ts';

/** The reporter's photos: `POST /api/public/photos`, their claim by a report, and who may open them. */

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { REPORT_RATE_LIMIT_PER_IP: '1000', PHOTO_UPLOAD_RATE_LIMIT: '1000', TICKET_LOOKUP_RATE_LIMIT: '1000' } });
  await setBoundary(ctx, TEST_BOUNDARY);
});
afterAll(() => ctx.close());
beforeEach(() => clock.advance(60 * 60_000));

const incidentByTicket = async (ticket: string) =>
  (await query<Record<string, unknown>>(ctx, sql`select * from incidents where ticket = ${ticket}`))[0];

describe('report photos', () => {
  const jpeg = (bytes: Buffer, filename = 'photo.jpg') => ({ filename, contentType: 'image/jpeg', bytes });

  it('photos are re-encoded without metadata, stored and attached to the report', async () => {
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const upload = await uploadPhotos(ctx, [jpeg(original), jpeg(await jpegWithExif(300, 400), 'b.jpg')]);
    expect(upload.statusCode).toBe(201);
    const ids = upload.json().photos.map((p: { id: string }) => p.id);
    expect(ids).toHaveLength(2);
    const stored = await storedBytes(ctx, incidentPhotoKey(ids[0]));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();

    const report = await postReport(ctx, { photoIds: ids });
    expect(report.statusCode).toBe(201);
    const incident = await incidentByTicket(report.json().ticket);
    const claimed = await query(ctx, sql`select id from incident_photos where incident_id = ${String(incident!.id)}`);
    expect(claimed).toHaveLength(2);

    // A photo belongs to one report only.
    const again = await postReport(ctx, { photoIds: [ids[0]] });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields[0].field).toBe('photoIds');
  });

  it('staff can open a report photo; the public cannot', async () => {
    const [id] = (await uploadPhotos(ctx, [jpeg(await jpegWithExif(200, 200))])).json().photos.map((p: { id: string }) => p.id);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/incidents/photos/${id}` })).statusCode).toBe(401);
    const token = await signIn(ctx, await createUser(ctx));
    const served = await ctx.app.inject({ method: 'GET', url: `/api/incidents/photos/${id}`, headers: bearer(token) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('a photo uploaded more than an hour before the report is refused', async () => {
    const [id] = (await uploadPhotos(ctx, [jpeg(await jpegWithExif(200, 200))])).json().photos.map((p: { id: string }) => p.id);
    clock.advance(61 * 60_000);
    const report = await postReport(ctx, { photoIds: [id] });
    expect(report.statusCode).toBe(400);
    expect(report.json().error.fields[0].field).toBe('photoIds');
  });

  it('a file that is not an image is refused by its content, whatever its name and declared type', async () => {
    const response = await uploadPhotos(ctx, [jpeg(Buffer.from('<html>not a photo</html>'), 'evil.jpg')]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.fields[0].field).toBe('photos');
  });

  it('a GIF is refused even though it is an image', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } }).gif().toBuffer();
    expect((await uploadPhotos(ctx, [{ filename: 'a.gif', contentType: 'image/gif', bytes: gif }])).statusCode).toBe(415);
  });

  it('a photo over 5 MB is refused with 413', async () => {
    const big = Buffer.concat([await jpegWithExif(100, 100), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await uploadPhotos(ctx, [jpeg(big)]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('more than 3 photos in one upload are refused with 413 and none is kept', async () => {
    const [{ n: before }] = (await query<{ n: number }>(ctx, sql`select count(*)::int as n from incident_photos`)) as [{ n: number }];
    const photo = await jpegWithExif(100, 100);
    const response = await uploadPhotos(ctx, [jpeg(photo), jpeg(photo), jpeg(photo), jpeg(photo)]);
    expect(response.statusCode).toBe(413);
    const [{ n: after }] = (await query<{ n: number }>(ctx, sql`select count(*)::int as n from incident_photos`)) as [{ n: number }];
    expect(Number(after)).toBe(Number(before));
  });

  it('an upload without files is refused naming photos', async () => {
    const response = await uploadPhotos(ctx, []);
    expect(response.statusCode).toBe(400);
  });
});
