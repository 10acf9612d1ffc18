import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IncidentDetail } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { TEST_BOUNDARY, insertTestIncident, jpegWithExif, query, setBoundary } from '../../../test/incidents-helpers.ts';
import { asJpeg, jpeg, postEvidence } from '../../../test/evidence-helpers.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { insertIncidentPhotos } from '../incidents/incidents.repository.ts';
import { incidentPhotoKey } from '../files/index.ts';
import { storedBytes, storedFileCount } from '../../../test/stored-files.ts';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
let admin: UserRow;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { TICKET_LOOKUP_RATE_LIMIT: '1000' } });
  await setBoundary(ctx, TEST_BOUNDARY);
  admin = await createUser(ctx, { userType: 'admin', firstName: 'Alma', lastName: 'Santos' });
  adminToken = await signIn(ctx, admin);
});
afterAll(() => ctx.close());
beforeEach(() => clock.advance(60_000));

async function tanod(firstName = 'Juan') {
  const user = await createUser(ctx, { userType: 'tanod', firstName, lastName: 'Dela Cruz' });
  return { user, token: await signIn(ctx, user) };
}

/** An incident this tanod is handling. */
async function handledBy(user: UserRow) {
  return insertTestIncident(ctx, { status: 'in_progress', responderId: user.id, respondedAt: clock.now() });
}

const photoRows = (incidentId: string) =>
  query<{ id: string; purpose: string; event_id: string | null; uploaded_by_id: string | null }>(
    ctx,
    sql`select id, purpose, event_id, uploaded_by_id from incident_photos where incident_id = ${incidentId} order by created_at, id`,
  );
const storedFiles = () => storedFileCount(ctx, 'incidents');
const get = (url: string, token: string | null) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('attaching photos to the staff notes', () => {
  it('the responder adds a note with two photos: re-encoded without metadata, on the note, in the drawer', async () => {
    const { user, token } = await tanod();
    const incident = await handledBy(user);
    const response = await postEvidence(ctx, incident.id, token, { purpose: 'note', text: 'Broken padlock at the gate.' }, [
      asJpeg(await jpegWithExif()),
      asJpeg(await jpeg(300, 400), 'second.jpg'),
    ]);
    expect(response.statusCode).toBe(201);
    const detail = response.json<IncidentDetail>();
    const note = detail.events.find((event) => event.kind === 'note')!;
    expect(note).toMatchObject({ detail: 'Broken padlock at the gate.', actor: { _id: user.id } });
    expect(detail.evidence).toHaveLength(2);
    expect(detail.evidence.map((photo) => [photo.purpose, photo.eventId, photo.uploadedBy?._id])).toEqual([
      ['note', note._id, user.id],
      ['note', note._id, user.id],
    ]);
    // The reporter's photos stay apart from the staff's.
    expect(detail.photos).toEqual([]);

    const stored = await sharp(await storedBytes(ctx, incidentPhotoKey(detail.evidence[0]!._id))).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(stored.exif).toBeUndefined();

    // The drawer's call shows them, and the thumbnails load for staff.
    const drawer = await get(`/api/incidents/${incident.id}`, adminToken);
    expect(drawer.json<IncidentDetail>().evidence.map((photo) => photo._id)).toEqual(detail.evidence.map((photo) => photo._id));
    const image = await get(detail.evidence[1]!.url, adminToken);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    const [notification] = await query<{ message: string }>(
      ctx,
      sql`select message from notifications where user_id = ${admin.id} and entity_id = ${incident.id} order by created_at desc limit 1`,
    );
    expect(notification!.message).toBe(`Juan Dela Cruz added a note with 2 photos to incident ${incident.ticket} (Theft)`);
  });

  it('a note may be photos only, without text', async () => {
    const { user, token } = await tanod();
    const incident = await handledBy(user);
    const response = await postEvidence(ctx, incident.id, token, { purpose: 'note' }, [asJpeg(await jpeg())]);
    expect(response.statusCode).toBe(201);
    const note = response.json<IncidentDetail>().events.find((event) => event.kind === 'note');
    expect(note?.detail).toBeNull();
  });

  it('the notes of an incident carry five photos in all; the sixth is refused whole and nothing changes', async () => {
    const { user, token } = await tanod();
    const incident = await handledBy(user);
    expect((await postEvidence(ctx, incident.id, token, { purpose: 'note', text: 'First' }, await Promise.all([1, 2, 3].map(async () => asJpeg(await jpeg()))))).statusCode).toBe(201);
    const files = await storedFiles();
    const events = await query(ctx, sql`select id from incident_events where incident_id = ${incident.id}`);

    const tooMany = await postEvidence(ctx, incident.id, token, { purpose: 'note', text: 'Second' }, await Promise.all([1, 2, 3].map(async () => asJpeg(await jpeg()))));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      fields: [{ field: 'photos', message: "This incident's notes already have 3 photos of 5: 2 more photos can be added" }],
    });
    expect(await photoRows(incident.id)).toHaveLength(3);
    expect(await storedFiles()).toBe(files);
    expect(await query(ctx, sql`select id from incident_events where incident_id = ${incident.id}`)).toHaveLength(events.length);

    expect((await postEvidence(ctx, incident.id, token, { purpose: 'note' }, [asJpeg(await jpeg()), asJpeg(await jpeg())])).statusCode).toBe(201);
    const full = await postEvidence(ctx, incident.id, adminToken, { purpose: 'note' }, [asJpeg(await jpeg())]);
    expect(full.statusCode).toBe(413);
    expect(full.json().error.fields[0].message).toBe("This incident's notes already have 5 photos of 5: no more can be added");
  });

  it('two uploads racing for the last places: one wins, the other leaves no row and no file behind', async () => {
    const { user, token } = await tanod();
    const incident = await handledBy(user);
    const before = await storedFiles();
    const three = async () => Promise.all([1, 2, 3].map(async () => asJpeg(await jpeg())));
    const [a, b] = await Promise.all([
      postEvidence(ctx, incident.id, token, { purpose: 'note', text: 'A' }, await three()),
      postEvidence(ctx, incident.id, adminToken, { purpose: 'note', text: 'B' }, await three()),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 413]);
    expect(await photoRows(incident.id)).toHaveLength(3);
    expect(await storedFiles()).toBe(before + 3);
  });

  it('one upload takes at most five photos', async () => {
    const { user, token } = await tanod();
    const incident = await handledBy(user);
    const six = await Promise.all([1, 2, 3, 4, 5, 6].map(async () => asJpeg(await jpeg(64, 48))));
    const response = await postEvidence(ctx, incident.id, token, { purpose: 'note' }, six);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.fields).toEqual([{ field: 'photos', message: 'At most 5 photos in one upload' }]);
    const seven = await postEvidence(ctx, incident.id, token, { purpose: 'note' }, [...six, six[0]!]);
    expect(seven.statusCode).toBe(413);
    expect(await photoRows(incident.id)).toHaveLength(0);
  });
});

describe('attaching photos to the resolution log', () => {
  it('the responder adds photos while handling it and after resolving, up to five in all', async () => {
    const { user, token } = await tanod();
    const incident = await handledBy(user);
    const during = await postEvidence(ctx, incident.id, token, { purpose: 'resolution' }, [asJpeg(await jpeg()), asJpeg(await jpeg())]);
    expect(during.statusCode).toBe(201);
    const resolved = await ctx.app.inject({ method: 'POST', url: `/api/incidents/${incident.id}/resolve`, headers: bearer(token), payload: { log: 'Padlock replaced; owner informed.' } });
    expect(resolved.statusCode).toBe(200);
    const after = await postEvidence(ctx, incident.id, token, { purpose: 'resolution' }, await Promise.all([1, 2, 3].map(async () => asJpeg(await jpeg()))));
    expect(after.statusCode).toBe(201);
    const detail = after.json<IncidentDetail>();
    expect(detail.evidence.filter((photo) => photo.purpose === 'resolution')).toHaveLength(5);
    expect(detail.evidence.every((photo) => photo.eventId === null)).toBe(true);
    // No timeline step for resolution photos: the resolution is the step.
    expect(detail.events.filter((event) => event.kind === 'note')).toHaveLength(0);

    const sixth = await postEvidence(ctx, incident.id, adminToken, { purpose: 'resolution' }, [asJpeg(await jpeg())]);
    expect(sixth.statusCode).toBe(413);
    expect(sixth.json().error.fields[0]).toEqual({ field: 'photos', message: 'Its resolution log already has 5 photos of 5: no more can be added' });
    // The notes' allowance is separate.
    expect((await postEvidence(ctx, incident.id, token, { purpose: 'note' }, [asJpeg(await jpeg())])).statusCode).toBe(201);
  });

  it('a pending or closed incident has no resolution log to add photos to (409)', async () => {
    const pending = await insertTestIncident(ctx);
    const refused = await postEvidence(ctx, pending.id, adminToken, { purpose: 'resolution' }, [asJpeg(await jpeg())]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'CONFLICT', details: { status: 'pending' } });
    const rejected = await insertTestIncident(ctx, { status: 'rejected', closingReason: 'Prank call' });
    expect((await postEvidence(ctx, rejected.id, adminToken, { purpose: 'resolution' }, [asJpeg(await jpeg())])).statusCode).toBe(409);
    expect(await photoRows(pending.id)).toHaveLength(0);
  });
});

describe('who may attach', () => {
  it('an admin may attach to any incident; another tanod, a resident and an anonymous caller may not', async () => {
    const { user } = await tanod('Responder');
    const incident = await handledBy(user);
    expect((await postEvidence(ctx, incident.id, adminToken, { purpose: 'note', text: 'From the CCTV' }, [asJpeg(await jpeg())])).statusCode).toBe(201);

    const other = await tanod('Other');
    const notMine = await postEvidence(ctx, incident.id, other.token, { purpose: 'note' }, [asJpeg(await jpeg())]);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error.message).toBe('Only the responding tanod or an admin can attach photos to this incident.');
    // Even a pending incident every tanod can see takes photos from its responder only.
    const pending = await insertTestIncident(ctx);
    expect((await postEvidence(ctx, pending.id, other.token, { purpose: 'note' }, [asJpeg(await jpeg())])).statusCode).toBe(403);

    const resident = await createUser(ctx, { userType: 'resident' });
    expect((await postEvidence(ctx, incident.id, await signIn(ctx, resident), { purpose: 'note' }, [asJpeg(await jpeg())])).statusCode).toBe(403);
    expect((await postEvidence(ctx, incident.id, null, { purpose: 'note' }, [asJpeg(await jpeg())])).statusCode).toBe(401);
    expect(await photoRows(incident.id)).toHaveLength(1);
  });

  it('a malformed id answers 400 naming the field; an unknown one 404', async () => {
    const bad = await postEvidence(ctx, 'not-an-id', adminToken, { purpose: 'note' }, [asJpeg(await jpeg())]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].field).toBe('id');
    expect((await postEvidence(ctx, '00000000-0000-4000-8000-000000000000', adminToken, { purpose: 'note' }, [asJpeg(await jpeg())])).statusCode).toBe(404);
  });
});

describe('what an upload must hold', () => {
  it('each refusal names its field and stores nothing', async () => {
    const { user, token } = await tanod();
    const incident = await handledBy(user);
    const photo = asJpeg(await jpeg());
    const cases: [Record<string, string>, typeof photo[], number, string][] = [
      [{}, [photo], 400, 'purpose'],
      [{ purpose: 'selfie' }, [photo], 400, 'purpose'],
      [{ purpose: 'resolution', text: 'words' }, [photo], 400, 'text'],
      [{ purpose: 'note', text: 'x'.repeat(2001) }, [photo], 400, 'text'],
      [{ purpose: 'note', caption: 'x' }, [photo], 400, 'caption'],
      [{ purpose: 'note' }, [], 400, 'photos'],
      [{ purpose: 'note' }, [{ ...photo, field: 'photo' }], 400, 'photos'],
    ];
    for (const [fields, files, status, field] of cases) {
      const response = await postEvidence(ctx, incident.id, token, fields, files);
      expect({ fields, status: response.statusCode }).toEqual({ fields, status });
      expect(response.json().error.fields[0].field).toBe(field);
    }
    expect(await photoRows(incident.id)).toHaveLength(0);
  });

  it('a file that lies about its type is refused by its content, and nothing is stored', async () => {
    const { user, token } = await tanod();
    const incident = await handledBy(user);
    const files = await storedFiles();
    const fake = { filename: 'scene.jpg', contentType: 'image/jpeg', bytes: Buffer.from('<?php system($_GET["c"]); ?>') };
    const response = await postEvidence(ctx, incident.id, token, { purpose: 'note', text: 'Look' }, [asJpeg(await jpeg()), fake]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.fields[0].field).toBe('photos');
    expect(await photoRows(incident.id)).toHaveLength(0);
    expect(await storedFiles()).toBe(files);
    expect(await query(ctx, sql`select id from incident_events where incident_id = ${incident.id} and kind = 'note'`)).toHaveLength(0);

    // A real PNG sent as "image/jpeg" is judged by its bytes too, and accepted.
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } }).png().toBuffer();
    expect((await postEvidence(ctx, incident.id, token, { purpose: 'note' }, [asJpeg(png, 'really.png.jpg')])).statusCode).toBe(201);
  });

  it('a photo over 5 MB is refused (413)', async () => {
    const { user, token } = await tanod();
    const incident = await handledBy(user);
    const big = asJpeg(Buffer.concat([await jpeg(), Buffer.alloc(5 * 1024 * 1024)]));
    expect((await postEvidence(ctx, incident.id, token, { purpose: 'note' }, [big])).statusCode).toBe(413);
    expect(await photoRows(incident.id)).toHaveLength(0);
  });
});

describe('evidence is never public', () => {
  it('the ticket, the resident’s reports and the staff list show the reporter’s photos only', async () => {
    const resident = await createUser(ctx, { userType: 'resident' });
    const residentToken = await signIn(ctx, resident);
    const { user, token } = await tanod();
    const incident = await handledBy(user);
    await ctx.deps.db.execute(sql`update incidents set reporter_id = ${resident.id} where id = ${incident.id}`);
    await insertIncidentPhotos(ctx.deps.db, [{ id: crypto.randomUUID(), width: 10, height: 10, bytes: 100, createdAt: clock.now() }]);
    await ctx.deps.db.execute(sql`update incident_photos set incident_id = ${incident.id} where incident_id is null and bytes = 100`);
    const attached = await postEvidence(ctx, incident.id, token, { purpose: 'note', text: 'Suspect seen near the store' }, [asJpeg(await jpeg()), asJpeg(await jpeg())]);
    await postEvidence(ctx, incident.id, token, { purpose: 'resolution' }, [asJpeg(await jpeg())]);
    const evidenceIds = attached.json<IncidentDetail>().evidence.map((photo) => photo._id);

    const ticket = await ctx.app.inject({ method: 'GET', url: `/api/public/tickets/${incident.ticket}` });
    expect(ticket.statusCode).toBe(200);
    for (const id of evidenceIds) expect(ticket.body).not.toContain(id);
    expect(ticket.body).not.toContain('Suspect seen');
    expect(ticket.body).not.toMatch(/evidence|photos/i);

    const mine = await get('/api/residents/me/reports', residentToken);
    expect(mine.json().reports[0]).toMatchObject({ ticket: incident.ticket, photoCount: 1 });
    expect(mine.body).not.toContain(evidenceIds[0]);

    // The photos themselves are staff-only.
    expect((await get(`/api/incidents/photos/${evidenceIds[0]}`, residentToken)).statusCode).toBe(403);
    expect((await get(`/api/incidents/photos/${evidenceIds[0]}`, null)).statusCode).toBe(401);

    const list = await get(`/api/incidents?q=${incident.ticket}`, adminToken);
    const item = list.json().items.find((row: { _id: string }) => row._id === incident.id);
    expect(item.photos).toHaveLength(1);
    expect(JSON.stringify(item)).not.toContain(evidenceIds[0]);
  });
});
