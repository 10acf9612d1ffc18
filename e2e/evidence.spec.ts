import fs from 'node:fs';
import axe from 'axe-core';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect, signInByApi, DEMO_PASSWORD } from './fixtures.ts';
import { makePng } from './images.ts';
import { reportIncident } from './public-api.ts';

// Evidence from the scene and the printouts (docs/decisions/019-incident-evidence-and-printouts.md):
// a responder resolves with a photo, the admin sees it in the drawer, adds a note with a photo and
// downloads the incident PDF; the admin and a tanod download the duty roster.

async function staffPage(browser: Browser, username: string, path: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 820 } });
  const page = await context.newPage();
  await signInByApi(page, context.request, username);
  await page.goto(path);
  return page;
}

async function login(request: APIRequestContext, username: string): Promise<{ token: string; userId: string }> {
  const response = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return response.json();
}

/**
 * A new report assigned by the admin to a demo tanod free to take it (the demo data and earlier
 * specs leave some tanods holding an incident).
 */
async function assignedIncident(request: APIRequestContext): Promise<{ id: string; ticket: string; username: string }> {
  const ticket = await reportIncident(request, { type: 'Theft', description: `A bicycle was taken from the gate (${Date.now()}).` });
  const admin = await login(request, 'admin');
  const headers = { authorization: `Bearer ${admin.token}` };
  const list = await (await request.get(`/api/incidents?q=${ticket}`, { headers })).json();
  const id: string = list.items[0]._id;
  for (const username of ['tanod4', 'tanod5', 'tanod3', 'tanod2', 'tanod1']) {
    const tanod = await login(request, username);
    const response = await request.post(`/api/incidents/${id}/assign`, { headers, data: { tanodId: tanod.userId } });
    if (response.ok()) return { id, ticket, username };
    expect(response.status()).toBe(409);
  }
  throw new Error('every demo tanod holds an incident');
}

/** WCAG 2.1 A and AA violations inside one element (the drawer, a dialog), as "rule: where" lines. */
async function axeViolationsIn(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (context) => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const results = await engine.run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  }, selector);
}

const pdfBytes = async (download: { path(): Promise<string> }) => fs.readFileSync(await download.path());

test('a responder resolves with a photo from the scene; the admin sees it in the drawer, adds a note with a photo and downloads the incident PDF', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { id, ticket, username } = await assignedIncident(request);

  // The responder, on a phone: the resolve dialog takes the photo with the log.
  const tanod = await staffPage(browser, username, `/Patrolmap?incident=${id}`, 375);
  const active = tanod.getByTestId('active-incident');
  await expect(active).toContainText(ticket);
  await active.getByRole('button', { name: 'Resolve' }).click();
  const dialog = tanod.getByRole('dialog', { name: `Resolve ${ticket}` });
  await dialog.getByLabel('Resolution log').fill('Bicycle recovered behind the chapel and returned to the owner.');
  await dialog.getByTestId('evidence-input-resolution').setInputFiles({ name: 'recovered.png', mimeType: 'image/png', buffer: makePng(240, [40, 140, 60]) });
  await expect(dialog.getByRole('img', { name: 'Photo 1: recovered.png' })).toBeVisible();
  expect(await axeViolationsIn(tanod, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Resolve incident' }).click();
  await expect(dialog).toBeHidden();
  await expect(active).toHaveCount(0);

  // The admin's drawer shows the photo under the resolution, and it opens full size.
  const admin = await staffPage(browser, 'admin', `/Patrol&incidenttracking?incident=${id}`);
  const drawer = admin.getByTestId('incident-drawer');
  const resolution = drawer.getByTestId('incident-resolution');
  await expect(resolution).toContainText('Bicycle recovered behind the chapel');
  await resolution.getByRole('button', { name: 'Open photo 1 of 1 from the resolution' }).click();
  const viewer = admin.getByRole('dialog', { name: 'Photo 1 of 1' });
  const full = viewer.getByRole('img', { name: 'Photo 1 from the resolution' });
  await expect(full).toBeVisible();
  expect(await full.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(240);
  await expect(viewer).toContainText(/Added by \w+ \w+/);
  await viewer.getByRole('button', { name: 'Close' }).click();

  // A note with a photo: it shows under the note in the timeline.
  await drawer.getByLabel('Add a note (staff only)').fill('Owner signed the logbook.');
  await drawer.getByTestId('evidence-input-note').setInputFiles({ name: 'logbook.png', mimeType: 'image/png', buffer: makePng(120, [30, 60, 160]) });
  await drawer.getByRole('button', { name: 'Save note with 1 photo' }).click();
  const timeline = drawer.getByTestId('incident-timeline');
  await expect(timeline).toContainText('Owner signed the logbook.');
  await expect(timeline.getByRole('button', { name: 'Open photo 1 of 1 from the note' })).toBeVisible();
  expect(await axeViolationsIn(admin, '[data-testid="incident-drawer"]')).toEqual([]);

  // The printable report.
  const [download] = await Promise.all([admin.waitForEvent('download'), drawer.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`incident-${ticket}.pdf`);
  expect((await pdfBytes(download)).subarray(0, 5).toString()).toBe('%PDF-');

  // Never on the public ticket.
  const publicTicket = await request.get(`/api/public/tickets/${ticket}`);
  expect(await publicTicket.text()).not.toMatch(/Owner signed|evidence|photos/i);

  await Promise.all([tanod.context().close(), admin.context().close()]);
});

test('the admin downloads the month roster as PDF and the week as CSV; a tanod downloads their own', async ({ browser }) => {
  const admin = await staffPage(browser, 'admin', '/ManagePatrolschedules');
  await admin.getByRole('button', { name: 'Export roster' }).click();
  let dialog = admin.getByRole('dialog', { name: 'Export the duty roster' });
  await dialog.getByRole('radio', { name: /^Month · / }).check();
  expect(await axeViolationsIn(admin, '[role="dialog"]')).toEqual([]);
  const [pdf] = await Promise.all([admin.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^roster-\d{4}-\d{2}-01-to-\d{4}-\d{2}-(28|29|30|31)\.pdf$/);
  expect((await pdfBytes(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(dialog).toBeHidden();

  await admin.getByRole('button', { name: 'Export roster' }).click();
  dialog = admin.getByRole('dialog', { name: 'Export the duty roster' });
  await expect(dialog.getByRole('radio', { name: /^Week · / })).toBeChecked();
  await dialog.getByRole('radio', { name: 'CSV' }).check();
  const [csv] = await Promise.all([admin.waitForEvent('download'), dialog.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^roster-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await csv.path(), 'utf8');
  expect(text.split('\r\n')[0]).toBe('\uFEFF"Date","Day","Shift","Start","End","Area","Schedule","Team leader","Members","Notes"');
  // The demo fortnight has shifts this week.
  expect(text.split('\r\n').filter(Boolean).length).toBeGreaterThan(1);

  // Other days: more than 31 is refused in the dialog, by the field.
  await admin.getByRole('button', { name: 'Export roster' }).click();
  dialog = admin.getByRole('dialog', { name: 'Export the duty roster' });
  await dialog.getByRole('radio', { name: 'Other days' }).check();
  await dialog.getByRole('textbox', { name: 'From' }).fill('2026-01-01');
  await dialog.getByRole('textbox', { name: 'To' }).fill('2026-03-01');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  await expect(dialog.getByText('A roster covers at most 31 days', { exact: true })).toBeVisible();

  const tanod = await staffPage(browser, 'tanod1', '/Schedule', 375);
  await tanod.getByRole('button', { name: 'Export my roster' }).click();
  const mine = tanod.getByRole('dialog', { name: 'Export my roster' });
  await expect(mine.getByRole('radio', { name: /^Month · / })).toBeChecked();
  const [own] = await Promise.all([tanod.waitForEvent('download'), mine.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(own.suggestedFilename()).toMatch(/^roster-.*\.pdf$/);
  expect((await pdfBytes(own)).subarray(0, 5).toString()).toBe('%PDF-');

  await Promise.all([admin.context().close(), tanod.context().close()]);
});
