import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointInPolygon, type Polygon } from '@bantay/shared';
import { ManualClock, createTestContext, type TestContext } from '../../../test/harness.ts';
import { TEST_BOUNDARY, postReport, query, setBoundary } from '../../../test/incidents-helpers.ts';
import { solveBotCheck } from '../../../test/security-helpers.ts';
import { webBuildModule } from '../../http/web-app.ts';
import { insertPatrolArea } from '../patrol-areas/patrol-areas.repository.ts';

/**
 * The forms as the fast emergency page for everyone (docs/decisions/033-pages-without-javascript.md,
 * "The enhanced emergency page"), through the real app with a stand-in web build: the markup the
 * script reads (apps/web/src/lite/enhance.ts), the phone's position as the report's place, and a
 * solved bot check making an ordinary web report, while a missing or failed one refuses nothing.
 */

let ctx: TestContext;
let dist: string;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });
const SCRIPT = 'assets/enhance-AbC123.js';
/** What the script imports, and what that imports in turn: preloaded with it. */
const QUEUE_CHUNK = 'assets/outbox-core-DeF456.js';
const IDB_CHUNK = 'assets/idb-GhI789.js';
/** The bot-check's worker, which a chunk starts: prefetched. */
const WORKER = 'assets/pbkdf2-JkL012.js';
const SCRIPT_TAGS = `<script type="module" src="/${SCRIPT}"></script><link rel="modulepreload" href="/${QUEUE_CHUNK}"><link rel="modulepreload" href="/${IDB_CHUNK}"><link rel="prefetch" href="/${WORKER}">`;

/** A purok in the boundary's south-west corner (TEST_BOUNDARY is 14.73–14.74, 121.045–121.055). */
const PUROK: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [121.046, 14.731],
      [121.049, 14.731],
      [121.049, 14.734],
      [121.046, 14.734],
      [121.046, 14.731],
    ],
  ],
};
const INSIDE = { lat: '14.7381234', lng: '121.0523456' };
const OUTSIDE = { lat: '14.7601', lng: '121.0601' };
let purokId: string;

beforeAll(async () => {
  // A stand-in web build: its shell, and Vite's manifest naming the script's built file.
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-lite-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.mkdir(path.join(dist, '.vite'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Bantay</title></head><body><div id="root"></div></body></html>');
  await fs.writeFile(path.join(dist, SCRIPT), 'export {};');
  await fs.writeFile(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/lite/enhance.ts': { file: SCRIPT, src: 'src/lite/enhance.ts', isEntry: true, imports: ['_queue.js'] },
      '_queue.js': { file: QUEUE_CHUNK, imports: ['_idb.js'], assets: [WORKER, 'assets/icon.svg'] },
      '_idb.js': { file: IDB_CHUNK },
    }),
  );
  ctx = await createTestContext({ clock, env: { WEB_DIST_DIR: dist, REPORT_RATE_LIMIT_PER_IP: '3', PLAIN_REPORT_RATE_LIMIT_PER_IP: '1' } });
  await setBoundary(ctx, TEST_BOUNDARY, [{ label: 'Tanod Hotline', number: '0917 123 0000' }]);
  purokId = (await insertPatrolArea(ctx.deps.db, { name: 'Purok Dos', color: '#1e88e5', polygon: PUROK }))!.id;
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

function post(pathName: string, fields: Record<string, string>, ip: string) {
  return ctx.app.inject({
    method: 'POST',
    url: pathName,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const ticketOf = (html: string) => /<p class="t" id="ticket" data-testid="ticket">([A-Z0-9-]+)<\/p>/.exec(html)?.[1];
const incidentCount = async () => Number((await query<{ n: number }>(ctx, sql`select count(*)::int as n from incidents`))[0]!.n);
const incidentRow = async (ticket: string) => (await query<Record<string, unknown>>(ctx, sql`select * from incidents where ticket = ${ticket}`))[0]!;
const pointOf = (row: Record<string, unknown>) => ({ lat: Number(row.lat), lng: Number(row.lng) });

async function expectValidHtml(html: string): Promise<void> {
  const report = await validator.validateString(html);
  expect(report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message} (line ${message.line})`))).toEqual([]);
}

describe('the markup the script reads', () => {
  it('a blank form: the script, the form marked fresh with the barangay middle, the empty hidden fields, each purok middle, the position line and the kept message', async () => {
    const blank = await get('/lite/emergency');
    expect(blank.statusCode).toBe(200);
    const body = blank.body;
    expect(body).toContain(`${SCRIPT_TAGS}</head>`);
    const formTag = /<form method="post" action="\/lite\/emergency" id="plain-form" data-lat="14\.\d+" data-lng="121\.\d+" data-accuracy="\d+" data-fresh data-challenge="([^"]+)">/.exec(body);
    expect(formTag).not.toBeNull();
    // A challenge to solve comes with the page: the script need not ask for one (src/lite/enhance.ts).
    const challenge = JSON.parse(formTag![1]!.replaceAll('&quot;', '"')) as { parameters: { algorithm: string }; signature: string };
    expect(challenge.parameters.algorithm).toBeTruthy();
    expect(challenge.signature).toBeTruthy();
    for (const name of ['lat', 'lng', 'accuracy', 'botCheck']) expect(body).toContain(`<input type="hidden" name="${name}">`);
    expect(body).toMatch(new RegExp(`<option value="${purokId}" data-lat="14\\.73\\d*" data-lng="121\\.04\\d*" data-accuracy="\\d+">Purok Dos</option>`));
    expect(body).toContain(
      '<h2>2. Where are you?</h2><p id="position" class="h" hidden data-finding="Finding your position…" data-set="Your position is set. You can still choose your purok." data-failed="Your position could not be found. Choose your purok or write a landmark."></p>',
    );
    expect(body).toContain(
      '<div id="kept" class="ok" role="status" hidden><p><strong>Saved on this phone.</strong> It will be sent as soon as there is a signal, even if you close this page.</p><p>If you can, call a hotline now.</p></div>\n<form',
    );
    await expectValidHtml(body);
    // The script is served from the build, as the app's files are.
    expect((await get(`/${SCRIPT}`)).statusCode).toBe(200);

    const report = await get('/lite/report?lang=fil');
    expect(report.body).toContain('id="plain-form"');
    expect(report.body).toContain(' data-fresh data-challenge="');
    expect(report.body).toContain(SCRIPT_TAGS);
    expect(report.body).toContain('data-set="Naitakda na ang iyong lokasyon.');
    await expectValidHtml(report.body);
  });

  it('a form shown again after a refusal is not fresh, keeps its id, and leaves the hidden fields empty; the sent page has no script', async () => {
    const form = '3f1e0f7a-8a55-4c3e-9b7e-0c1d2e3f4a5b';
    const refused = await post('/lite/emergency', { form, type: '', ...INSIDE, botCheck: 'not-a-solution' }, '10.30.0.1');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('id="plain-form" data-lat=');
    expect(refused.body).not.toContain('data-fresh');
    expect(refused.body).toContain(`<input type="hidden" name="form" value="${form}"><input type="hidden" name="lat"><input type="hidden" name="lng"><input type="hidden" name="accuracy"><input type="hidden" name="botCheck">`);
    expect(refused.body).toContain(`<script type="module" src="/${SCRIPT}">`);
    await expectValidHtml(refused.body);

    const sent = await post('/lite/emergency', { form, type: 'Fire', ...INSIDE }, '10.30.0.1');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(ticketOf(sent.body)).toBeDefined();
    expect(sent.body).not.toContain('<script');
  });

  it("the script and what it imports come from the web build manifest, and only when the build has the script's file", async () => {
    expect(webBuildModule(dist, 'src/lite/enhance.ts')).toEqual({ src: `/${SCRIPT}`, imports: [`/${QUEUE_CHUNK}`, `/${IDB_CHUNK}`], workers: [`/${WORKER}`] });
    expect(webBuildModule(dist, 'src/other.ts')).toBeUndefined();
    expect(webBuildModule(undefined, 'src/lite/enhance.ts')).toBeUndefined();
    const bare = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-lite-bare-'));
    try {
      await fs.writeFile(path.join(bare, 'index.html'), '<!doctype html>');
      expect(webBuildModule(bare, 'src/lite/enhance.ts')).toBeUndefined();
      await fs.mkdir(path.join(bare, '.vite'));
      await fs.writeFile(path.join(bare, '.vite', 'manifest.json'), JSON.stringify({ 'src/lite/enhance.ts': { file: 'assets/gone.js' } }));
      expect(webBuildModule(bare, 'src/lite/enhance.ts')).toBeUndefined();
      await fs.writeFile(path.join(bare, '.vite', 'manifest.json'), 'not json');
      expect(webBuildModule(bare, 'src/lite/enhance.ts')).toBeUndefined();
    } finally {
      await fs.rm(bare, { recursive: true, force: true });
    }
  });
});

describe("the phone's position", () => {
  it('is the report place, with its accuracy; it needs no purok and no landmark, and a purok chosen too is the address', async () => {
    const alone = await post('/lite/emergency', { type: 'Fire', ...INSIDE, accuracy: '18.5' }, '10.30.0.2');
    expect(alone.statusCode, alone.body).toBe(201);
    expect(await incidentRow(ticketOf(alone.body)!)).toMatchObject({ address: null, landmark: null, sent_without_bot_check: true });
    const row = await incidentRow(ticketOf(alone.body)!);
    expect(pointOf(row)).toEqual({ lat: 14.7381234, lng: 121.0523456 });
    expect(Number(row.accuracy)).toBe(18.5);

    const withPurok = await post('/lite/emergency', { type: 'Accident', area: purokId, ...INSIDE }, '10.30.0.3');
    expect(withPurok.statusCode, withPurok.body).toBe(201);
    const purokRow = await incidentRow(ticketOf(withPurok.body)!);
    expect(purokRow).toMatchObject({ address: 'Purok Dos', accuracy: null });
    expect(pointOf(purokRow)).toEqual({ lat: 14.7381234, lng: 121.0523456 });
  });

  it('garbage numbers are read as no position: the purok or landmark is asked for, never the hidden field', async () => {
    const before = await incidentCount();
    for (const garbage of [
      { lat: 'abc', lng: '121.05' },
      { lat: '', lng: '' },
      { lat: 'NaN', lng: '121.05' },
      { lat: '1e999', lng: '121.05' },
      { lat: '91', lng: '121.05' },
      { lat: '14.735', lng: '' },
    ]) {
      const refused = await post('/lite/emergency', { type: 'Fire', ...garbage, accuracy: '-4' }, '10.30.0.4');
      expect(refused.statusCode, JSON.stringify(garbage)).toBe(400);
      expect(refused.body).toContain('id="area-error">Choose your purok or write a landmark</p>');
      expect(refused.body).not.toContain('lat-error');
    }
    expect(await incidentCount()).toBe(before);
    const named = await post('/lite/emergency', { type: 'Fire', lat: 'abc', lng: '121.05', landmark: 'Gate' }, '10.30.0.4');
    expect(named.statusCode, named.body).toBe(201);
    // The barangay middle, as without script.
    const row = await incidentRow(ticketOf(named.body)!);
    expect(pointInPolygon(pointOf(row), TEST_BOUNDARY)).toBe(true);
    expect(pointInPolygon(pointOf(row), PUROK)).toBe(false);
    // A garbage accuracy leaves the position without one.
    const rough = await post('/lite/emergency', { type: 'Fire', ...INSIDE, accuracy: 'far' }, '10.30.0.4');
    expect(await incidentRow(ticketOf(rough.body)!)).toMatchObject({ accuracy: null });
  });

  it('refused by the rules (outside the boundary), the report goes to the purok named instead; with no place named it comes back with the message by the purok', async () => {
    const fallback = await post('/lite/emergency', { type: 'Fire', area: purokId, ...OUTSIDE }, '10.30.0.5');
    expect(fallback.statusCode, fallback.body).toBe(201);
    const row = await incidentRow(ticketOf(fallback.body)!);
    expect(row).toMatchObject({ address: 'Purok Dos' });
    expect(pointInPolygon(pointOf(row), PUROK)).toBe(true);

    const landmark = await post('/lite/emergency', { type: 'Fire', landmark: 'Old bridge', ...OUTSIDE }, '10.30.0.6');
    expect(landmark.statusCode, landmark.body).toBe(201);
    expect(pointInPolygon(pointOf(await incidentRow(ticketOf(landmark.body)!)), TEST_BOUNDARY)).toBe(true);

    const before = await incidentCount();
    const nowhere = await post('/lite/emergency', { type: 'Fire', ...OUTSIDE }, '10.30.0.7');
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.body).toContain('id="area-error">Your position is outside Barangay Test. Choose your purok or write a landmark.</p>');
    const badPurok = await post('/lite/emergency', { type: 'Fire', area: 'no-such-purok', ...INSIDE }, '10.30.0.7');
    expect(badPurok.statusCode).toBe(400);
    expect(badPurok.body).toContain('id="area-error">Choose a purok from the list</p>');
    expect(await incidentCount()).toBe(before);
  });
});

describe('the bot check the script solved', () => {
  it("one that verifies makes an ordinary web report, counted with the app's reports from the address", async () => {
    const ip = '10.30.1.1';
    // One report from the app, then two forms with a solved bot check: three under the app's limit of 3,
    // where the forms' own limit (1) would have refused the second.
    expect((await postReport(ctx, {}, { ip })).statusCode).toBe(201);
    for (const landmark of ['North gate', 'South gate']) {
      const sent = await post('/lite/report', { type: 'Vandalism', description: 'Paint', landmark, botCheck: await solveBotCheck(ctx) }, ip);
      expect(sent.statusCode, sent.body).toBe(201);
      expect(await incidentRow(ticketOf(sent.body)!)).toMatchObject({ sent_without_bot_check: false, burst: false });
    }
    const past = await post('/lite/report', { type: 'Vandalism', description: 'Paint', landmark: 'East gate', botCheck: await solveBotCheck(ctx) }, ip);
    expect(past.statusCode).toBe(429);
    expect(past.body).toContain('<p class="a" role="alert">');
    // An emergency past it is still taken, as part of a burst, and not marked.
    const emergency = await post('/lite/emergency', { type: 'Fire', ...INSIDE, botCheck: await solveBotCheck(ctx) }, ip);
    expect(emergency.statusCode, emergency.body).toBe(201);
    expect(await incidentRow(ticketOf(emergency.body)!)).toMatchObject({ sent_without_bot_check: false, burst: true });
  });

  it('one that does not verify (garbage, or used already) refuses nothing: the report is marked and counted as a form without script', async () => {
    const ip = '10.30.1.2';
    const solved = await solveBotCheck(ctx);
    const first = await post('/lite/emergency', { type: 'Fire', ...INSIDE, botCheck: solved }, ip);
    expect(await incidentRow(ticketOf(first.body)!)).toMatchObject({ sent_without_bot_check: false });

    const reused = await post('/lite/emergency', { type: 'Accident', ...INSIDE, botCheck: solved }, ip);
    expect(reused.statusCode, reused.body).toBe(201);
    expect(await incidentRow(ticketOf(reused.body)!)).toMatchObject({ sent_without_bot_check: true, burst: false });
    // The forms' limit (1) is now used: a report with a failed bot check is refused past it, an emergency still taken.
    const garbage = await post('/lite/report', { type: 'Theft', description: 'A radio', landmark: 'Chapel', botCheck: 'garbage' }, ip);
    expect(garbage.statusCode).toBe(429);
    const emergency = await post('/lite/emergency', { type: 'Fire', landmark: 'Chapel', botCheck: 'x'.repeat(9000) }, ip);
    expect(emergency.statusCode, emergency.body).toBe(201);
    expect(await incidentRow(ticketOf(emergency.body)!)).toMatchObject({ sent_without_bot_check: true, burst: true });
  });
});
