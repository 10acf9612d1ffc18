import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Advisory, AdvisoryList, PublicAdvisoryList } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { startFakeServer, type FakeAnswer, type FakeServer } from '../../../test/fake-http.ts';
import { person, square, type Person } from '../../../test/patrols.ts';
import { query } from '../../../test/incidents-helpers.ts';
import { runJob } from '../../jobs/scheduler.ts';
import { capFeedJob } from './cap-in.job.ts';
import { CAP_MAX_BYTES } from './cap-in.service.ts';

const clock = new ManualClock(new Date('2026-09-01T00:00:00Z'));
const POLL_MS = 300_000;
const SENDER = 'PAGASA-DOST';
/** The barangay: lat 14.70–14.71, lng 121.00–121.01. */
const BOUNDARY = square(14.7, 121.0);

let ctx: TestContext;
let feed: FakeServer;
let admin: Person;
let tanod: Person;
/** What the fake PAGASA answers, by path. */
const documents = new Map<string, FakeAnswer>();
const logged: string[] = [];

interface AlertSpec {
  identifier: string;
  sent: string;
  msgType?: 'Alert' | 'Update' | 'Cancel';
  references?: string;
  headline?: string;
  description?: string;
  severity?: string;
  area: string;
  expires?: string;
}

/** A CAP 1.2 alert shaped like PAGASA's. */
function capAlert(spec: AlertSpec): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
  <identifier>${spec.identifier}</identifier>
  <sender>${SENDER}</sender>
  <sent>${spec.sent}</sent>
  <status>Actual</status>
  <msgType>${spec.msgType ?? 'Alert'}</msgType>
  <scope>Public</scope>
  ${spec.references ? `<references>${spec.references}</references>` : ''}
  <info>
    <language>en-US</language>
    <category>Met</category>
    <event>Heavy Rainfall Warning</event>
    <urgency>Immediate</urgency>
    <severity>${spec.severity ?? 'Severe'}</severity>
    <certainty>Likely</certainty>
    <effective>${spec.sent}</effective>
    <expires>${spec.expires ?? '2026-09-02T08:00:00+08:00'}</expires>
    <senderName>PAGASA</senderName>
    <headline>${spec.headline ?? 'Orange rainfall warning'}</headline>
    <description>${spec.description ?? 'Flooding is threatening in low-lying areas.'}</description>
    <instruction>Prepare to evacuate.</instruction>
    <area>${spec.area}</area>
  </info>
</alert>`;
}

const INSIDE = '<areaDesc>Metro Manila</areaDesc><polygon>14.705,120.99 14.705,121.005 14.72,121.005 14.72,120.99 14.705,120.99</polygon>';
const OUTSIDE = '<areaDesc>Cebu</areaDesc><polygon>10.2,123.8 10.2,123.9 10.4,123.9 10.4,123.8 10.2,123.8</polygon>';

function atomIndex(paths: readonly string[]): string {
  const entries = paths
    .map((path) => `<entry><id>${path}</id><title>t</title><updated>2026-09-01T00:00:00Z</updated><link rel="alternate" type="application/cap+xml" href="${path}"/></entry>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><id>pagasa</id><title>PAGASA</title><updated>2026-09-01T00:00:00Z</updated>${entries}</feed>`;
}

function serve(path: string, xml: string): void {
  documents.set(path, { status: 200, text: xml });
}

const reference = (identifier: string, sent: string) => `${SENDER},${identifier},${sent}`;

beforeAll(async () => {
  feed = await startFakeServer((request) => documents.get(request.path) ?? { status: 404, text: 'not found' });
  ctx = await createTestContext({
    clock,
    env: { CAP_FEED_URL: `${feed.url}/feed.atom, ${feed.url}/single.xml`, CAP_FEED_POLL_SECONDS: String(POLL_MS / 1000) },
  });
  admin = await person(ctx, 'admin');
  tanod = await person(ctx, 'tanod');
  const supadmin = await person(ctx, 'supadmin');
  const boundary = await ctx.app.inject({ method: 'PUT', url: '/api/settings/boundary', headers: bearer(supadmin.token), payload: { boundary: BOUNDARY } });
  expect(boundary.statusCode, boundary.body).toBe(200);
  const psgc = await ctx.app.inject({ method: 'PATCH', url: '/api/settings', headers: bearer(supadmin.token), payload: { psgcCode: '1380600001' } });
  expect(psgc.statusCode, psgc.body).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
  await feed?.close();
});

async function poll(): Promise<void> {
  await runJob(ctx.deps, capFeedJob, { error: (message) => logged.push(message) });
}
/** The next poll: the feeds' interval has passed. */
async function pollLater(): Promise<void> {
  clock.advance(POLL_MS);
  await poll();
}

async function capAdvisories(): Promise<Advisory[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/advisories', headers: bearer(admin.token) });
  return response.json<AdvisoryList>().items.filter((item) => item.origin?.kind === 'cap');
}

const A1 = { identifier: 'PAGASA-2026-0901-001', sent: '2026-09-01T08:00:00+08:00' };
const A2 = { identifier: 'PAGASA-2026-0901-002', sent: '2026-09-01T08:00:00+08:00' };

describe('CAP in: a PAGASA-style feed becomes draft advisories for the admins', () => {
  it('an alert inside the barangay becomes exactly one draft within a poll, one outside none; admins are told; nothing is public', async () => {
    serve('/feed.atom', atomIndex(['/alerts/1.xml', `${feed.url}/alerts/2.xml`]));
    serve('/alerts/1.xml', capAlert({ ...A1, area: INSIDE, headline: 'Orange &lt;b&gt;rainfall&lt;/b&gt; warning', description: 'Flooding &lt;script&gt;alert(1)&lt;/script&gt; in low-lying areas.' }));
    serve('/alerts/2.xml', capAlert({ ...A2, area: OUTSIDE }));
    serve('/single.xml', capAlert({ identifier: 'PAGASA-2026-0901-003', sent: '2026-09-01T07:00:00+08:00', area: OUTSIDE }));
    await poll();
    expect(logged).toEqual([]);
    const drafts = await capAdvisories();
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      state: 'draft',
      severity: 'danger',
      title: 'Orange rainfall warning',
      body: 'Flooding alert(1) in low-lying areas.\n\nPrepare to evacuate.',
      startsAt: '2026-09-01T00:00:00.000Z',
      endsAt: '2026-09-02T00:00:00.000Z',
      createdBy: null,
      origin: { kind: 'cap', senderName: 'PAGASA', sender: SENDER, identifier: A1.identifier, sent: A1.sent },
    });
    const notices = await query<{ user_id: string; message: string; link: string }>(ctx, sql`select user_id, message, link from notifications where kind = 'advisory.cap'`);
    expect(notices.map((notice) => notice.user_id)).toContain(admin.id);
    expect(notices.map((notice) => notice.user_id)).not.toContain(tanod.id);
    expect(notices[0]).toMatchObject({
      message: 'New draft advisory from PAGASA (CAP): "Orange rainfall warning". Check it and publish it if it concerns the barangay',
      link: '/ManagePatrolschedules?tab=advisories',
    });
    const publicList = await ctx.app.inject({ method: 'GET', url: '/api/public/advisories' });
    expect(publicList.json<PublicAdvisoryList>().items).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/advisories/${drafts[0]!._id}.cap` })).statusCode).toBe(404);
  });

  it('a poll before the interval reads nothing; a later poll of the same alerts makes no second draft', async () => {
    const requests = feed.requests.length;
    clock.advance(POLL_MS - 1000);
    await poll();
    expect(feed.requests.length).toBe(requests);
    clock.advance(1000);
    await poll();
    expect(feed.requests.length).toBeGreaterThan(requests);
    expect(await capAdvisories()).toHaveLength(1);
    expect(logged).toEqual([]);
  });

  it('an Update changes the draft; a Cancel withdraws it', async () => {
    const U1 = { identifier: 'PAGASA-2026-0901-004', sent: '2026-09-01T08:06:00+08:00' };
    serve('/feed.atom', atomIndex(['/alerts/1.xml', '/alerts/2.xml', '/alerts/4.xml']));
    serve('/alerts/4.xml', capAlert({ ...U1, msgType: 'Update', references: reference(A1.identifier, A1.sent), area: INSIDE, headline: 'Red rainfall warning', severity: 'Extreme' }));
    await pollLater();
    let drafts = await capAdvisories();
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ title: 'Red rainfall warning', state: 'draft', severity: 'danger' });

    serve('/feed.atom', atomIndex(['/alerts/5.xml']));
    serve('/alerts/5.xml', capAlert({ identifier: 'PAGASA-2026-0901-005', sent: '2026-09-01T08:12:00+08:00', msgType: 'Cancel', references: `${reference(A1.identifier, A1.sent)} ${reference(U1.identifier, U1.sent)}`, area: INSIDE }));
    await pollLater();
    drafts = await capAdvisories();
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ state: 'ended', endsAt: clock.now().toISOString() });
    const told = await query<{ message: string }>(ctx, sql`select message from notifications where kind = 'advisory.cap' and user_id = ${admin.id} order by created_at`);
    expect(told.map((notice) => notice.message)).toEqual([
      expect.stringContaining('New draft advisory from PAGASA'),
      'PAGASA updated its alert (CAP): the draft advisory "Red rainfall warning" holds the new text',
      'PAGASA withdrew its alert (CAP); the advisory "Red rainfall warning" has ended',
    ]);
    // An ended draft cannot be published as it stands.
    const publish = await ctx.app.inject({ method: 'POST', url: `/api/advisories/${drafts[0]!._id}/publish`, headers: bearer(admin.token) });
    expect(publish.statusCode).toBe(400);
    expect(publish.json()).toMatchObject({ error: { fields: [{ field: 'endsAt' }] } });
  });

  it('an admin publishes a draft: it goes public and into the CAP feed out; a tanod cannot; twice is a conflict', async () => {
    const A6 = { identifier: 'PAGASA-2026-0901-006', sent: '2026-09-01T08:10:00+08:00' };
    serve('/feed.atom', atomIndex(['/alerts/6.xml']));
    // A circle around a point just outside the boundary's corner, wide enough to reach it.
    serve('/alerts/6.xml', capAlert({ ...A6, area: '<areaDesc>Quezon City</areaDesc><circle>14.72,121.02 2</circle>', severity: 'Moderate' }));
    await pollLater();
    const draft = (await capAdvisories()).find((item) => item.origin?.identifier === A6.identifier)!;
    expect(draft).toMatchObject({ state: 'draft', severity: 'warning' });
    const byTanod = await ctx.app.inject({ method: 'POST', url: `/api/advisories/${draft._id}/publish`, headers: bearer(tanod.token) });
    expect(byTanod.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'POST', url: `/api/advisories/${draft._id}/publish` });
    expect(anonymous.statusCode).toBe(401);
    const published = await ctx.app.inject({ method: 'POST', url: `/api/advisories/${draft._id}/publish`, headers: bearer(admin.token) });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<Advisory>()).toMatchObject({ state: 'active', announcedAt: clock.now().toISOString() });
    const again = await ctx.app.inject({ method: 'POST', url: `/api/advisories/${draft._id}/publish`, headers: bearer(admin.token) });
    expect(again.statusCode).toBe(409);
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/advisories/0b5f8f4e-7a0e-4d3c-9a51-3f0c2f9e8b11/publish', headers: bearer(admin.token) });
    expect(missing.statusCode).toBe(404);
    const publicList = await ctx.app.inject({ method: 'GET', url: '/api/public/advisories' });
    expect(publicList.json<PublicAdvisoryList>().items.map((item) => item._id)).toEqual([draft._id]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/advisories/${draft._id}.cap` })).statusCode).toBe(200);
    const audit = await query<{ action: string }>(ctx, sql`select action from audit_entries where entity = 'advisory' and entity_id = ${draft._id}`);
    expect(audit).toEqual([{ action: 'approve' }]);

    // An Update of a published advisory leaves it as published and brings a new draft.
    serve('/feed.atom', atomIndex(['/alerts/7.xml']));
    serve('/alerts/7.xml', capAlert({ identifier: 'PAGASA-2026-0901-007', sent: '2026-09-01T08:16:00+08:00', msgType: 'Update', references: reference(A6.identifier, A6.sent), area: INSIDE, headline: 'Wider warning' }));
    await pollLater();
    const all = await capAdvisories();
    expect(all.find((item) => item._id === draft._id)).toMatchObject({ state: 'active', title: 'Orange rainfall warning' });
    expect(all.filter((item) => item.state === 'draft').map((item) => item.title)).toEqual(['Wider warning']);
  });

  it('a PSGC geocode of the barangay\'s city covers it; another city\'s does not', async () => {
    serve('/feed.atom', atomIndex(['/alerts/8.xml', '/alerts/9.xml']));
    serve('/alerts/8.xml', capAlert({ identifier: 'G-8', sent: '2026-09-01T17:00:00+08:00', area: '<areaDesc>City of Manila</areaDesc><geocode><valueName>PSGC</valueName><value>1380600000</value></geocode>', headline: 'City warning' }));
    serve('/alerts/9.xml', capAlert({ identifier: 'G-9', sent: '2026-09-01T17:00:00+08:00', area: '<areaDesc>Pasay</areaDesc><geocode><valueName>PSGC</valueName><value>1380500000</value></geocode>', headline: 'Pasay warning' }));
    await pollLater();
    const titles = (await capAdvisories()).map((item) => item.title);
    expect(titles).toContain('City warning');
    expect(titles).not.toContain('Pasay warning');
  });

  it('a malformed feed, an oversize one, a DOCTYPE or a link to another host is logged and changes nothing', async () => {
    const before = await capAdvisories();
    const cases: [string, FakeAnswer, string][] = [
      ['malformed', { status: 200, text: '<feed xmlns="http://www.w3.org/2005/Atom"><entry></feed>' }, 'not well-formed XML'],
      ['oversize', { status: 200, text: `<feed>${' '.repeat(CAP_MAX_BYTES)}</feed>` }, `larger than the ${CAP_MAX_BYTES} bytes allowed`],
      ['doctype', { status: 200, text: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><feed/>' }, 'DOCTYPE'],
      ['elsewhere', { status: 200, text: atomIndex(['http://169.254.169.254/latest/meta-data']) }, 'another host'],
      ['server error', { status: 503, text: 'busy' }, 'answered 503'],
      ['not a feed', { status: 200, text: '<html><body>hello</body></html>' }, 'neither a CAP alert nor an Atom or RSS index'],
    ];
    for (const [, answer, expected] of cases) {
      documents.set('/feed.atom', answer);
      logged.length = 0;
      await pollLater();
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain(`${feed.url}/feed.atom`);
      expect(logged[0]).toContain(expected);
      const [row] = await query<{ last_error: string }>(ctx, sql`select last_error from cap_feed_polls where url = ${`${feed.url}/feed.atom`}`);
      expect(row!.last_error).toContain(expected);
    }
    expect(await capAdvisories()).toEqual(before);
    logged.length = 0;
  });

  it('an RSS index is read too', async () => {
    documents.set('/feed.atom', {
      status: 200,
      text: `<?xml version="1.0"?><rss version="2.0"><channel><title>PAGASA</title><item><title>x</title><link>${feed.url}/alerts/10.xml</link></item></channel></rss>`,
    });
    serve('/alerts/10.xml', capAlert({ identifier: 'R-10', sent: '2026-09-01T18:00:00+08:00', area: INSIDE, headline: 'From RSS' }));
    await pollLater();
    expect(logged).toEqual([]);
    expect((await capAdvisories()).map((item) => item.title)).toContain('From RSS');
  });
});
