import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures.ts';

// The landing page's Emergency link leads to the server's emergency form, improved by its script
// where scripts run (apps/web/src/lite/enhance.ts): the phone's position and a solved bot-check
// go with it, and with no answer it is kept on the phone and sent once the signal returns.
test.use({
  viewport: { width: 375, height: 780 },
  serviceWorkers: 'allow',
  permissions: ['geolocation', 'background-sync'],
  geolocation: { latitude: 14.7356, longitude: 121.0498, accuracy: 12 },
});

const TICKET = /^ER-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

interface Seen {
  ticket: string;
  description: string;
  location: { lat: number; lng: number; accuracy: number | null };
  sentWithoutBotCheck: boolean;
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
  return ((await login.json()) as { token: string }).token;
}

/** The reports with this description, as staff see them. */
async function reportsOf(request: APIRequestContext, description: string): Promise<Seen[]> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const list = await request.get(`/api/incidents?q=${encodeURIComponent(description)}`, { headers });
  expect(list.ok()).toBe(true);
  const items = ((await list.json()) as { items: { _id: string; description: string }[] }).items.filter((item) => item.description === description);
  return Promise.all(
    items.map(async (item) => {
      const detail = await request.get(`/api/incidents/${item._id}`, { headers });
      expect(detail.ok()).toBe(true);
      return (await detail.json()) as Seen;
    }),
  );
}

/** A phone that has been here before: the app's visit installed the service worker; the form then opens under it. */
async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto('/lite/emergency');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('one tap from the landing page: the position and the bot-check go with the form, and the ticket shows in its place', async ({ page, request }) => {
  await page.goto('/');
  await page.getByRole('link', { name: /^Emergency/ }).click();
  await expect(page).toHaveURL(/\/lite\/emergency$/);
  await expect(page.getByRole('heading', { name: 'Emergency report', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Your position is set/)).toBeVisible();
  // Send is on screen from the start, though the form runs past it on a 375 px phone.
  await expect(page.getByRole('button', { name: 'Send emergency report' })).toBeInViewport();

  const line = `Smoke from the bakery roof ${Date.now()}`;
  await page.getByRole('radio', { name: 'Fire', exact: true }).check();
  await page.getByLabel(/Anything else/).fill(line);
  await page.getByRole('button', { name: 'Send emergency report' }).click();

  const ticketBox = page.getByTestId('ticket');
  await expect(ticketBox).toHaveText(TICKET, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Emergency report sent', level: 1 })).toBeVisible();
  const [seen] = await reportsOf(request, line);
  expect(seen?.ticket).toBe((await ticketBox.textContent())?.trim());
  // The phone's position, not a purok's middle; and an ordinary web report, the bot-check solved.
  expect(seen?.location).toMatchObject({ lat: 14.7356, lng: 121.0498, accuracy: 12 });
  expect(seen?.sentWithoutBotCheck).toBe(false);
});

test('the type must be chosen before the form is sent', async ({ page, request }) => {
  await page.goto('/lite/emergency');
  await expect(page.getByText(/^Your position is set/)).toBeVisible();
  const line = `No type chosen ${Date.now()}`;
  await page.getByLabel(/Anything else/).fill(line);
  await page.getByRole('button', { name: 'Send emergency report' }).click();
  await expect(page.getByRole('radio', { name: 'Fire', exact: true })).toHaveJSProperty('validity.valueMissing', true);
  expect(await reportsOf(request, line)).toEqual([]);
});

test('with no signal the report is kept on the phone, and sent from the page once the signal returns', async ({ page, context, request }) => {
  await serviceWorkerInControl(page);
  await expect(page.getByText(/^Your position is set/)).toBeVisible();

  await context.setOffline(true);
  const line = `Grass fire by the creek, kept on the phone ${Date.now()}`;
  await page.getByRole('radio', { name: 'Fire', exact: true }).check();
  await page.getByLabel(/Anything else/).fill(line);
  await page.getByRole('button', { name: 'Send emergency report' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this phone.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send emergency report' })).toBeDisabled();
  // In the app's queue, as the app's own report would be (features/report/outbox-core.ts).
  const kept = await page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('bantay-reports');
        open.onsuccess = () => {
          const all = open.result.transaction('reports').objectStore('reports').getAll();
          all.onsuccess = () => resolve(all.result as unknown[]);
          all.onerror = () => reject(all.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  expect(kept).toEqual([
    expect.objectContaining({
      state: 'waiting',
      body: expect.objectContaining({ type: 'Fire', classification: 'emergency', description: line, location: { lat: 14.7356, lng: 121.0498, accuracy: 12 } }),
    }),
  ]);
  expect(await reportsOf(request, line)).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByTestId('ticket')).toHaveText(TICKET, { timeout: 30_000 });
  const reports = await reportsOf(request, line);
  expect(reports.map((report) => report.ticket)).toEqual([(await page.getByTestId('ticket').textContent())?.trim()]);
});

test('a form opened again from the phone copy is a new report, not the last one again, each with a bot-check the worker kept ready', async ({ page, request }) => {
  await serviceWorkerInControl(page);
  // The worker's challenge (src/sw/emergency-challenge.ts) spares the page its own round trip.
  const askedByThePage: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/api/bot-check/')) askedByThePage.push(new URL(sent.url()).pathname);
  });
  const tickets: string[] = [];
  const stamp = Date.now();
  for (const round of [1, 2]) {
    await page.goto('/lite/emergency');
    await expect(page.getByText(/^Your position is set/)).toBeVisible();
    await page.getByRole('radio', { name: 'Medical emergency', exact: true }).check();
    await page.getByLabel(/Anything else/).fill(`Stored form, round ${round}, ${stamp}`);
    await page.getByRole('button', { name: 'Send emergency report' }).click();
    await expect(page.getByTestId('ticket')).toHaveText(TICKET, { timeout: 30_000 });
    tickets.push(((await page.getByTestId('ticket').textContent()) ?? '').trim());
  }
  expect(new Set(tickets).size).toBe(2);
  const [first] = await reportsOf(request, `Stored form, round 1, ${stamp}`);
  const second = await reportsOf(request, `Stored form, round 2, ${stamp}`);
  expect(second).toHaveLength(1);
  expect([first?.sentWithoutBotCheck, second[0]?.sentWithoutBotCheck]).toEqual([false, false]);
  expect(askedByThePage).toEqual([]);
});
