import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, TEST_PASSWORD, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { seedPerformanceFixture, type PerformanceFixture } from '../../../test/performance.ts';
import { parseCsv, pdfPageCount, pdfText as pdfLatin1Text } from '../../../test/report-files.ts';

let ctx: TestContext;
let f: PerformanceFixture;
const clock = new ManualClock(new Date('2027-01-10T04:00:00Z'));
const JANUARY = { period: 'custom', from: '2026-01-01', to: '2026-01-31' };

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  f = await seedPerformanceFixture(ctx);
});
afterAll(() => ctx.close());

const report = (body: Record<string, unknown>, token = f.admin.token) =>
  ctx.app.inject({ method: 'POST', url: '/api/performance/report', headers: bearer(token), payload: body });

/** pdfText reads WinAnsi bytes as Latin-1; WinAnsi's 0x96 is the en dash of the period's label. */
const pdfText = (pdf: Buffer) => pdfLatin1Text(pdf).replaceAll('\u0096', '–');

async function auditedReports(): Promise<
  { actor_id: string; entity_id: string | null; after: Record<string, unknown> }[]
> {
  const result = await ctx.deps.db.execute(
    sql`select actor_id, entity_id, after from audit_entries where action = 'export' order by at, id`,
  );
  return (
    result as unknown as { rows: { actor_id: string; entity_id: string | null; after: Record<string, unknown> }[] }
  ).rows;
}

describe('the report needs the admin’s password', () => {
  it('a missing or wrong password is refused and nothing is audited', async () => {
    const missing = await report({ ...JANUARY, format: 'csv' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.map((field: { field: string }) => field.field)).toEqual(['password']);
    const wrong = await report({ ...JANUARY, format: 'csv', password: 'not-my-password-1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toMatchObject({
      code: 'wrong_password',
      fields: [{ field: 'password', message: 'Your password is incorrect' }],
    });
    expect(await auditedReports()).toEqual([]);
  });

  it('tanods and strangers cannot have it; bad periods name the field', async () => {
    expect((await report({ ...JANUARY, password: TEST_PASSWORD }, f.ana.token)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/performance/report',
      payload: { ...JANUARY, password: TEST_PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
    const reversed = await report({ period: 'custom', from: '2026-02-01', to: '2026-01-01', password: TEST_PASSWORD });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields.map((field: { field: string }) => field.field)).toEqual(['to']);
    const format = await report({ ...JANUARY, format: 'docx', password: TEST_PASSWORD });
    expect(format.json().error.fields.map((field: { field: string }) => field.field)).toEqual(['format']);
    expect(await auditedReports()).toEqual([]);
  });
});

describe('CSV', () => {
  it('has a BOM, a header and one quoted row per active tanod, best first', async () => {
    const response = await report({ ...JANUARY, format: 'csv', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="performance-report-2026-01-01-to-2026-01-31.csv"',
    );
    expect(response.body.startsWith('\uFEFF"Rank","Tanod","Score"')).toBe(true);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(rows).toHaveLength(3);
    const ana = Object.fromEntries(header!.map((title, index) => [title, rows[0]![index]]));
    expect(ana).toEqual({
      Rank: '1',
      Tanod: 'Ana Reyes',
      Score: '79.2',
      Percentile: '100',
      'Tied with': '0',
      From: '2026-01-01',
      To: '2026-01-31',
      'Scheduled shifts': '4',
      'Attended shifts': '3',
      'Attendance rate (%)': '75',
      'On-time rate (%)': '66.7',
      'Average lateness (min)': '3.3',
      'Patrols completed': '3',
      'Hours patrolled': '19.83',
      'Distance (km)': '2.78',
      'Incidents responded': '3',
      'Incidents resolved': '2',
      'Average response (min)': '12',
      'Average resolution (min)': '90',
      'Rating average': '4.33',
      Ratings: '3',
      '1 star': '0',
      '2 stars': '0',
      '3 stars': '0',
      '4 stars': '2',
      '5 stars': '1',
      'Loans due': '3',
      'Returned on time': '1',
      'On-time return rate (%)': '33.3',
    });
    expect(rows.map((row) => row[1])).toEqual(['Ana Reyes', 'Ben Santos', 'Carlo Cruz']);
    // A rate without a denominator is an empty cell, not 0.
    expect(rows[2]![header!.indexOf('Attendance rate (%)')]).toBe('');
    const [entry] = await auditedReports();
    expect(entry).toEqual({
      actor_id: f.admin.id,
      entity_id: null,
      after: { format: 'csv', period: 'custom', from: '2026-01-01', to: '2026-01-31', tanods: 3, encrypted: false },
    });
  });

  it('one tanod', async () => {
    const response = await report(
      { ...JANUARY, tanodId: f.ben.id, format: 'csv', password: TEST_PASSWORD },
      f.supadmin.token,
    );
    const [, ...rows] = parseCsv(response.body.slice(1));
    expect(rows.map((row) => [row[0], row[1]])).toEqual([['2', 'Ben Santos']]);
  });
});

describe('PDF', () => {
  it('has the barangay, the period, charts and a table per tanod', async () => {
    const response = await report({ ...JANUARY, format: 'pdf', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="performance-report-2026-01-01-to-2026-01-31.pdf"',
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).not.toContain('/Encrypt');
    const text = pdfText(pdf);
    expect(text).toContain('Tanod performance report · 3 active tanods');
    expect(text).toContain('Period: 1 Jan 2026 – 31 Jan 2026 (2026-01-01 to 2026-01-31, Asia/Manila)');
    for (const chart of [
      'Attendance rate',
      'Hours on patrol',
      'Distance patrolled',
      'Average rating',
      'On-time equipment returns',
    ])
      expect(text).toContain(chart);
    expect(text).toContain('Ranking');
    for (const name of ['Ana Reyes', 'Ben Santos', 'Carlo Cruz'])
      expect(text).toContain(`${name} · incidents, ratings and equipment`);
    expect(text).toContain('Ana Reyes · score 79.2, rank 1 of 3, percentile 100 · duty');
    const pages = pdfPageCount(pdf);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('one tanod’s report charts their days', async () => {
    const response = await report({ ...JANUARY, tanodId: f.ana.id, password: TEST_PASSWORD });
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Tanod performance report · Ana Reyes');
    expect(text).toContain('Incidents resolved');
    expect(text).toContain('Ratings received');
    expect(text).not.toContain('Ranking');
  });

  it('is encrypted with the chosen password', async () => {
    const response = await report({ ...JANUARY, password: TEST_PASSWORD, pdfPassword: 'barangay-2026' });
    expect(response.statusCode).toBe(200);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/Encrypt');
    // AES-256 (PDF 1.7 extension level 3): the text cannot be read without the password.
    expect(raw).toMatch(/\/V 5/);
    expect(pdfText(pdf)).not.toContain('Tanod performance report');
    const entries = await auditedReports();
    expect(entries.filter((entry) => entry.after.encrypted === true)).toHaveLength(1);
  });

  it('a too-short PDF password is refused naming the field', async () => {
    const response = await report({ ...JANUARY, password: TEST_PASSWORD, pdfPassword: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.map((field: { field: string }) => field.field)).toEqual(['pdfPassword']);
  });
});
