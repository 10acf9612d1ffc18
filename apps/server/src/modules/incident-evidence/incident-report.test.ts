import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { TEST_BOUNDARY, insertTestIncident, query, setBoundary } from '../../../test/incidents-helpers.ts';
import { asJpeg, jpeg, postEvidence } from '../../../test/evidence-helpers.ts';
import { pdfPageCount, pdfText as pdfLatin1Text } from '../../../test/report-files.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { incidentPhotoKey } from '../files/index.ts';

let ctx: TestContext;
// 08:00 UTC is 16:00 in Manila.
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
let admin: UserRow;
let adminToken: string;

/** pdfText reads WinAnsi as Latin-1: the middle dot is the same byte, the en dash is 0x96. */
const pdfText = (pdf: Buffer) => pdfLatin1Text(pdf).replaceAll('\u0096', '–');
const imageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  await setBoundary(ctx, TEST_BOUNDARY);
  admin = await createUser(ctx, { userType: 'admin', firstName: 'Alma', lastName: 'Santos' });
  adminToken = await signIn(ctx, admin);
});
afterAll(() => ctx.close());
beforeEach(() => clock.advance(60_000));

const download = (id: string, token: string | null) =>
  ctx.app.inject({ method: 'GET', url: `/api/incidents/${id}/report.pdf`, headers: token ? bearer(token) : {} });

async function tanod(firstName: string) {
  const user = await createUser(ctx, { userType: 'tanod', firstName, lastName: 'Dela Cruz' });
  return { user, token: await signIn(ctx, user) };
}

/** A resolved incident with a note of two photos and a resolution photo, handled through the API. */
async function handledIncident() {
  const responder = await tanod('Juan');
  const incident = await insertTestIncident(ctx, { address: '12 Mabini St.', description: 'A bicycle was taken from the gate.' });
  expect((await ctx.app.inject({ method: 'POST', url: `/api/incidents/${incident.id}/respond`, headers: bearer(responder.token) })).statusCode).toBe(200);
  clock.advance(5 * 60_000);
  await postEvidence(ctx, incident.id, responder.token, { purpose: 'note', text: 'Gate padlock cut; neighbours saw two men on a motorbike.' }, [
    asJpeg(await jpeg(800, 600)),
    asJpeg(await jpeg(600, 800, { r: 30, g: 90, b: 160 })),
  ]);
  clock.advance(20 * 60_000);
  const resolved = await ctx.app.inject({
    method: 'POST',
    url: `/api/incidents/${incident.id}/resolve`,
    headers: bearer(responder.token),
    payload: { log: 'Bicycle recovered two streets away and returned to the owner.' },
  });
  expect(resolved.statusCode).toBe(200);
  await postEvidence(ctx, incident.id, responder.token, { purpose: 'resolution' }, [asJpeg(await jpeg(1024, 768, { r: 20, g: 140, b: 60 }))]);
  return { incident, responder };
}

describe('the printable incident report', () => {
  it('an admin downloads the incident as a PDF with the header, facts, timeline, notes, resolution, photos and page numbers', async () => {
    const { incident } = await handledIncident();
    clock.set(new Date('2026-06-02T01:30:00Z'));
    const response = await download(incident.id, adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="incident-${incident.ticket}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = pdfText(pdf);
    for (const line of [
      'Barangay Test',
      `Incident report · ${incident.ticket}`,
      'Theft · Normal · Resolved',
      // The barangay's clock (Asia/Manila, UTC+8), not the server's.
      'Generated at Jun 2, 2026, 09:30 (Asia/Manila) by Alma Santos',
      '12 Mabini St.',
      'Ana Reyes · +639175551234',
      'Juan Dela Cruz',
      'Timeline',
      'Juan Dela Cruz responded',
      'Note by Juan Dela Cruz',
      'Staff note 1, below',
      'Staff notes (1)',
      'Gate padlock cut; neighbours saw two men on a motorbike.',
      'Resolution',
      'Bicycle recovered two streets away and returned to the owner.',
      'Photo 1 of 2 · Juan Dela Cruz',
      'Photo 1 of 1 · Juan Dela Cruz',
      `Barangay Test · Incident report ${incident.ticket}`,
      `Page 1 of ${pages}`,
      `Page ${pages} of ${pages}`,
    ]) {
      expect(text).toContain(line);
    }
    // The three evidence photos are in the file.
    expect(imageCount(pdf)).toBe(3);
  });

  it('every download is in the audit log', async () => {
    const incident = await insertTestIncident(ctx);
    expect((await download(incident.id, adminToken)).statusCode).toBe(200);
    const rows = await query<{ action: string; entity: string; actor_id: string; after: { ticket: string; format: string } }>(
      ctx,
      sql`select action, entity, actor_id, after from audit_entries where entity_id = ${incident.id}`,
    );
    expect(rows).toEqual([{ action: 'export', entity: 'incident', actor_id: admin.id, after: { ticket: incident.ticket, format: 'pdf' } }]);
  });

  it('a long record runs over several pages, numbered "Page n of m" to the last', async () => {
    const { user, token } = await tanod('Long');
    const incident = await insertTestIncident(ctx, { status: 'in_progress', responderId: user.id, respondedAt: clock.now() });
    for (let index = 0; index < 5; index += 1) {
      await postEvidence(ctx, incident.id, token, { purpose: 'note', text: `Note ${index + 1}: ${'witness statement '.repeat(100)}` }, [asJpeg(await jpeg())]);
    }
    const pdf = (await download(incident.id, token)).rawPayload;
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(4);
    const text = pdfText(pdf);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Page ${page} of ${pages}`);
    expect(text).toContain('Staff notes (5)');
    expect(text).toContain('Not resolved yet.');
  });

  it('a photo whose file is gone is named in its place, and the report is still made', async () => {
    const { user, token } = await tanod('Gone');
    const incident = await insertTestIncident(ctx, { status: 'in_progress', responderId: user.id, respondedAt: clock.now() });
    const detail = (await postEvidence(ctx, incident.id, token, { purpose: 'resolution' }, [asJpeg(await jpeg())])).json();
    await ctx.deps.files.remove(incidentPhotoKey(detail.evidence[0]._id));
    const response = await download(incident.id, token);
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).toContain('The photo file is missing');
  });
});

describe('who may print', () => {
  it('follows the incident read policy: the responder and admins, any tanod for a pending one; others 404', async () => {
    const { incident, responder } = await handledIncident();
    expect((await download(incident.id, responder.token)).statusCode).toBe(200);
    const other = await tanod('Other');
    const hidden = await download(incident.id, other.token);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('NOT_FOUND');
    const pending = await insertTestIncident(ctx);
    expect((await download(pending.id, other.token)).statusCode).toBe(200);

    const resident = await createUser(ctx, { userType: 'resident' });
    expect((await download(incident.id, await signIn(ctx, resident))).statusCode).toBe(403);
    expect((await download(incident.id, null)).statusCode).toBe(401);
    // Refusals leave no audit entry.
    const audited = await query(ctx, sql`select id from audit_entries where entity_id = ${incident.id} and actor_id <> ${responder.user.id}`);
    expect(audited).toHaveLength(0);
  });

  it('a malformed id answers 400 naming the field; an unknown one 404', async () => {
    const bad = await download('IR-NOT-AN-ID', adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].field).toBe('id');
    expect((await download('00000000-0000-4000-8000-000000000000', adminToken)).statusCode).toBe(404);
  });
});
