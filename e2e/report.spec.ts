import fs from 'node:fs';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, storeLocally, test } from './fixtures.ts';
import { sentSmsLog } from './sent-log.ts';
import { createResident } from './resident-fixtures.ts';

// The public report page on a phone (docs/product.md §4.2, §4.3), against the demo barangay of
// e2e/server.mjs (Barangay San Isidro, boundary around 14.7356, 121.0498). There is no internet
// here, so the map's tiles fail: the pin and the outline must work without them.
test.use({ viewport: { width: 375, height: 780 } });

const BARANGAY = 'Barangay San Isidro';
const TICKET = /^(IR|ER)-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;
// Solving the proof-of-work bot-check takes a moment on a busy machine.
const SEND_TIMEOUT = 30_000;

/** A real 24×16 PNG (solid orange), made here so the server's image check has something to decode. */
function smallPng(): Buffer {
  const width = 24;
  const height = 16;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [240, 130, 20]).flat()),
  ]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const map = (page: Page) => page.getByTestId('report-map');

/** Clicks the map at a fraction of its size (0.5, 0.5 is the centre). */
async function tapMap(page: Page, fx: number, fy: number) {
  const box = await map(page).boundingBox();
  if (!box) throw new Error('the map has no size');
  await map(page).click({ position: { x: box.width * fx, y: box.height * fy } });
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test.describe('an incident report without an account', () => {
  test('a resident reports a theft with a photo and a pin, gets the ticket by screen, receipt and SMS, and tracks it by ticket and by receipt', async ({
    page,
  }) => {
    const sms = sentSmsLog();
    const smsMark = sms.mark();
    await page.goto('/');
    await page.getByRole('link', { name: /^Report an incident/ }).click();
    await expect(heading(page, 'Report an incident')).toBeVisible();
    await expect(page.getByText('Step 1 of 3')).toBeVisible();

    // Step 1: what happened.
    await page.getByLabel('Type of incident').selectOption('Theft');
    await page.getByLabel('Describe what happened').fill('A red bicycle was taken from the gate of the chapel.');
    await expect(page.getByText('52 / 1,000')).toBeVisible();
    await page.getByLabel('Add photos').setInputFiles({ name: 'gate.png', mimeType: 'image/png', buffer: smallPng() });
    await expect(page.getByRole('img', { name: 'Photo 1: gate.png' })).toBeVisible();
    await expectNoSideScroll(page);
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: where. The outline is drawn although no tile can load.
    await expect(heading(page, 'Where did it happen?')).toBeFocused();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(map(page).locator('path.leaflet-interactive, .leaflet-overlay-pane path')).toHaveCount(1);
    await tapMap(page, 0.5, 0.5);
    await expect(map(page).locator('.report-pin')).toHaveCount(1);
    await expect(page.getByText('The pin is set.')).toBeVisible();
    await page.getByLabel('Landmark (optional)').fill('Beside the chapel gate');
    await expectNoSideScroll(page);
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: review, going back once to check nothing is lost.
    await expect(heading(page, 'Check and send')).toBeFocused();
    await page.getByRole('button', { name: 'Edit: What happened' }).click();
    await expect(heading(page, 'What happened?')).toBeFocused();
    await expect(page.getByLabel('Describe what happened')).toHaveValue(
      'A red bicycle was taken from the gate of the chapel.',
    );
    await expect(page.getByRole('img', { name: 'Photo 1: gate.png' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(map(page).locator('.report-pin')).toHaveCount(1);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(heading(page, 'Check and send')).toBeFocused();
    const summary = page.getByRole('region', { name: 'What happened' });
    await expect(summary.getByText('Theft')).toBeVisible();
    await expect(summary.getByText('A red bicycle was taken from the gate of the chapel.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Where' }).getByText('Beside the chapel gate')).toBeVisible();
    await page.getByLabel('Mobile number').fill('0917 555 0142');
    await page.getByRole('button', { name: 'Send report' }).click();

    // Done: the ticket, big, to copy, download and track; the SMS is on its way.
    const ticketBox = page.getByTestId('ticket');
    await expect(ticketBox).toBeVisible({ timeout: SEND_TIMEOUT });
    await expect(heading(page, 'Report sent')).toBeFocused();
    const ticket = ((await ticketBox.textContent()) ?? '').trim();
    expect(ticket).toMatch(TICKET);
    expect(ticket.startsWith('IR-')).toBe(true);
    await expect(page.getByText('We are also sending the ticket by SMS to')).toContainText('0917 555 0142');
    const message = await sms.next('+639175550142', smsMark);
    expect(message.text).toContain(ticket);
    await expectNoSideScroll(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download receipt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`bantay-receipt-${ticket}.txt`);
    const receiptPath = await download.path();
    const receipt = fs.readFileSync(receiptPath, 'utf8');
    expect(receipt).toContain(`${BARANGAY}: Incident report receipt`);
    expect(receipt).toContain(`Ticket: ${ticket}`);
    expect(receipt).toContain('Type: Theft');
    expect(receipt).toMatch(/Reported: .*2\d{3}.*\(Asia\/Manila\)/);
    expect(receipt).toContain(`/Reportincidents?ticket=${ticket}`);

    // Track it from the link: pending, reported, the landmark as the coarse place.
    await page.getByRole('link', { name: 'Track this report' }).click();
    await expect(page).toHaveURL(new RegExp(`/Reportincidents\\?ticket=${ticket}$`));
    await expect(page.getByTestId('ticket-status')).toHaveText('Pending');
    await expect(page.getByLabel('Ticket')).toHaveValue(ticket);
    await expect(page.getByText('Reported', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Beside the chapel gate')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Rate / })).toHaveCount(0);

    // And from the downloaded receipt, on a fresh lookup screen.
    await page.goto('/Reportincidents?track=1');
    await expect(heading(page, 'Track a report')).toBeVisible();
    await page.getByLabel('Upload the receipt (.txt)').setInputFiles(receiptPath);
    await expect(page.getByLabel('Ticket')).toHaveValue(ticket);
    await expect(page.getByTestId('ticket-status')).toHaveText('Pending');
    await expect(page).toHaveURL(new RegExp(`ticket=${ticket}$`));
  });

  test('a pin outside the barangay is refused on the spot, and the report cannot go on without a place', async ({
    page,
  }) => {
    await page.goto('/Reportincidents');
    await page.getByLabel('Type of incident').selectOption('Noise disturbance');
    await page.getByLabel('Describe what happened').fill('Loud videoke past midnight.');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(heading(page, 'Where did it happen?')).toBeFocused();

    // The map fits the outline; its top-right corner lies outside the octagon.
    await tapMap(page, 0.97, 0.04);
    await expect(page.getByRole('alert')).toHaveText(
      `This place is outside ${BARANGAY}. Put the pin inside the outlined area.`,
    );
    await expect(map(page).locator('.report-pin')).toHaveCount(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(heading(page, 'Where did it happen?')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Choose the place: use your position or tap the map.');

    // A pin inside is taken, and clears the message.
    await tapMap(page, 0.5, 0.5);
    await expect(map(page).locator('.report-pin')).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(heading(page, 'Check and send')).toBeFocused();
  });
});

test.describe('a report by a signed-in resident', () => {
  test('gets their name and phone prefilled, and the report lands in their history', async ({ page, request }) => {
    const resident = await createResident(request);
    await storeLocally(page, { token: resident.token, userType: 'resident' });
    await page.goto('/Reportincidents');
    await page.getByLabel('Type of incident').selectOption('Vandalism');
    await page.getByLabel('Describe what happened').fill('Graffiti on the basketball court wall.');
    await page.getByRole('button', { name: 'Next' }).click();
    await tapMap(page, 0.5, 0.5);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(heading(page, 'Check and send')).toBeFocused();
    await expect(page.getByLabel('Name')).toHaveValue('Marites Villanueva');
    await expect(page.getByLabel('Mobile number')).toHaveValue(resident.phone.e164);
    await expect(page.getByText('You are signed in: the report goes to your history.')).toBeVisible();
    await page.getByRole('button', { name: 'Send report' }).click();
    const ticketBox = page.getByTestId('ticket');
    await expect(ticketBox).toBeVisible({ timeout: SEND_TIMEOUT });
    const ticket = ((await ticketBox.textContent()) ?? '').trim();

    const mine = await request.get('/api/residents/me/reports', {
      headers: { authorization: `Bearer ${resident.token}` },
    });
    expect(mine.ok()).toBe(true);
    const { reports } = (await mine.json()) as { reports: { ticket: string; type: string }[] };
    expect(reports.map((report) => report.ticket)).toContain(ticket);
  });
});

test.describe('the emergency report', () => {
  test.use({ permissions: ['geolocation'], geolocation: { latitude: 14.7356, longitude: 121.0498, accuracy: 12 } });

  // The app's own emergency screen (the wizard's and a resident's links lead to it); the landing
  // page's link leads to the server's form (emergency-form.spec.ts).
  test('the position comes by itself, no map is loaded, and the ticket is an emergency', async ({ page }) => {
    const mapScripts: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/ReportMap-/.test(request.url())) mapScripts.push(request.url());
    });
    await page.goto('/Reportincidents?emergency=1');
    await expect(heading(page, 'Emergency report')).toBeVisible();
    await expect(page.getByText('Your position is set (within about 12 m).')).toBeVisible();
    // The hotlines are on this screen, as tap-to-call links.
    await expect(page.getByRole('link', { name: /Tanod Hotline/ })).toHaveAttribute('href', 'tel:+639171230000');
    await expectNoSideScroll(page);

    const fire = page.getByRole('button', { name: 'Fire', exact: true });
    for (const name of ['Fire', 'Medical emergency', 'Crime in progress', 'Natural disaster', 'Accident', 'Other']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await fire.click();
    await expect(fire).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel(/Anything else/).fill('Smoke from the bakery roof');
    await page.getByRole('button', { name: 'Send emergency report' }).click();

    const ticketBox = page.getByTestId('ticket');
    await expect(ticketBox).toBeVisible({ timeout: SEND_TIMEOUT });
    await expect(heading(page, 'Emergency report sent')).toBeFocused();
    const ticket = ((await ticketBox.textContent()) ?? '').trim();
    expect(ticket).toMatch(TICKET);
    expect(ticket.startsWith('ER-')).toBe(true);
    expect(mapScripts).toEqual([]);

    await page.getByRole('link', { name: 'Track this report' }).click();
    await expect(page.getByTestId('ticket-status')).toHaveText('Pending');
    await expect(page.getByText('Fire', { exact: true })).toBeVisible();
    await expect(page.getByText('Emergency', { exact: true })).toBeVisible();
  });
});

test.describe('the emergency report without the position', () => {
  test.use({ permissions: [] });

  test('when the phone refuses its location, a pin on the map is asked for and the report still goes out', async ({
    page,
  }) => {
    await page.goto('/Reportincidents?emergency=1');
    await expect(
      page.getByText('Your phone did not allow us to use your location. Put a pin on the map instead.'),
    ).toBeVisible();
    await expect(map(page)).toBeVisible();
    await page.getByRole('button', { name: 'Medical emergency', exact: true }).click();
    await page.getByRole('button', { name: 'Send emergency report' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'We still need your location' })).toHaveText(
      'We still need your location: allow it, or put a pin on the map.',
    );
    await tapMap(page, 0.5, 0.5);
    await expect(page.getByText('The pin is set.')).toBeVisible();
    await expect(page.getByText('We still need your location')).toHaveCount(0);
    await page.getByRole('button', { name: 'Send emergency report' }).click();
    await expect(page.getByTestId('ticket')).toHaveText(/^ER-/, { timeout: SEND_TIMEOUT });
  });
});

test.describe('the ticket lookup', () => {
  test('an unknown ticket, or something that is not a ticket, gives a clear error', async ({ page }) => {
    await page.goto('/Reportincidents?ticket=IR-2345-6789');
    const field = page.getByLabel('Ticket');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/No report has this ticket/);
    await expect(page.getByTestId('ticket-status')).toHaveCount(0);

    await field.fill('hello');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(field).toHaveAccessibleDescription(/This is not a ticket. A ticket looks like IR-7K3F-9QXM/);
  });
});
