import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { incidentPhotoKey } from '../files/index.ts';
import { storedBytes } from '../../../test/stored-files.ts';
import { TEST_BOUNDARY, jpegWithExif, postReport, query, setBoundary, uploadPhotos } from '../../../test/incidents-helpers.ts';
import { runJob } from '../../jobs/scheduler.ts';
import { unclaimedPhotosJob } from './unclaimed-photos.job.ts';

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

  it('a report photo is served to staff who may open its report, 404 to a tanod who may not, never to the public; an unclaimed one to nobody', async () => {
    const [id, unclaimed] = (await uploadPhotos(ctx, [jpeg(await jpegWithExif(200, 200)), jpeg(await jpegWithExif(100, 100), 'b.jpg')]))
      .json()
      .photos.map((p: { id: string }) => p.id);
    const responder = await createUser(ctx, { userType: 'tanod' });
    const responderToken = await signIn(ctx, responder);
    const admin = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
    const other = await signIn(ctx, await createUser(ctx, { userType: 'tanod' }));
    const photo = (photoId: string, token?: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/incidents/photos/${photoId}`, headers: token ? bearer(token) : {} });
    // Before any report claims it, nobody is shown it: it belongs to no incident anyone may open.
    expect((await photo(id, admin)).statusCode).toBe(404);

    const report = await postReport(ctx, { photoIds: [id] });
    expect(report.statusCode).toBe(201);
    const incident = await incidentByTicket(report.json().ticket);
    expect((await photo(id)).statusCode).toBe(401);
    // Pending: every tanod may open it, and sees its photo.
    const served = await photo(id, other);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    // Resolved by someone else, it is the history of those who handled it only.
    await query(ctx, sql`update incidents set status = 'resolved', responder_id = ${responder.id}, resolved_at = now() where id = ${String(incident!.id)}`);
    expect((await photo(id, responderToken)).statusCode).toBe(200);
    const refused = await photo(id, other);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('NOT_FOUND');
    expect((await photo(id, admin)).statusCode).toBe(200);
    expect((await photo(unclaimed, admin)).statusCode).toBe(404);
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

describe('uploads no report claimed', () => {
  it('are swept with their files a day after the upload; claimed and younger ones stay', async () => {
    const jpeg = async () => ({ filename: 'a.jpg', contentType: 'image/jpeg', bytes: await jpegWithExif(120, 90) });
    const ids = async () => (await uploadPhotos(ctx, [await jpeg()])).json().photos.map((p: { id: string }) => p.id as string);
    const [abandoned] = await ids();
    const [claimed] = await ids();
    expect((await postReport(ctx, { photoIds: [claimed!] })).statusCode).toBe(201);
    clock.advance(23 * 60 * 60_000);
    const [younger] = await ids();
    clock.advance(60 * 60_000 + 1);

    await runJob(ctx.deps, unclaimedPhotosJob, { error: (message) => expect.fail(message) });
    const rows = await query<{ id: string }>(ctx, sql`select id from incident_photos where id in (${abandoned!}, ${claimed!}, ${younger!})`);
    expect(rows.map((row) => row.id).sort()).toEqual([claimed!, younger!].sort());
    expect(await ctx.deps.files.get(incidentPhotoKey(abandoned!))).toBeNull();
    expect(await ctx.deps.files.get(incidentPhotoKey(claimed!))).not.toBeNull();
    expect(await ctx.deps.files.get(incidentPhotoKey(younger!))).not.toBeNull();
  });
});
