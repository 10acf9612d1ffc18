import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures.ts';

// A report that waited for a signal is sent by the service worker with no Bantay page open
// (Background Sync, src/sw/report-sync.ts), in Chromium with its worker, allowed here (the config blocks it elsewhere).
test.use({
  viewport: { width: 375, height: 780 },
  serviceWorkers: 'allow',
  // A context with a permissions list denies the rest: Background Sync is allowed by default in Chromium.
  permissions: ['geolocation', 'notifications', 'background-sync'],
  geolocation: { latitude: 14.7356, longitude: 121.0498, accuracy: 12 },
});

const TICKET = /^ER-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;
const SYNC_TAG = 'bantay-reports';

async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function ticketsOf(request: APIRequestContext, description: string): Promise<string[]> {
  const login = await request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const response = await request.get(`/api/incidents?q=${encodeURIComponent(description)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: { ticket: string; description: string }[] }).items
    .filter((item) => item.description === description)
    .map((item) => item.ticket);
}

/**
 * Fires the worker's `sync` event for the tag, as the browser does when its network returns. The
 * browser watches the machine's real network, which Playwright's offline mode does not change, so
 * the test asks for the event through the DevTools protocol, from a page that is not Bantay's.
 */
async function fireSync(context: BrowserContext, origin: string): Promise<void> {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((candidate) => candidate.scopeURL.startsWith(origin) && !candidate.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: await registration, tag: SYNC_TAG, lastChance: false });
  await cdp.detach();
  await blank.close();
}

test('a report that waits for a signal is sent by the service worker once the signal returns, with Bantay closed', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  /** Reports a page posted once Bantay was closed (a worker's own requests have no frame). */
  let closed = false;
  const pagePosts: string[] = [];
  context.on('request', (sent) => {
    if (closed && !sent.serviceWorker() && sent.url().endsWith('/api/public/incidents') && sent.method() === 'POST') pagePosts.push(sent.url());
  });
  await page.goto('/Reportincidents?emergency=1');
  await serviceWorkerInControl(page);
  await expect(page.getByText('Your position is set (within about 12 m).')).toBeVisible();

  await context.setOffline(true);
  const line = `Grass fire by the creek, sent by the worker ${Date.now()}`;
  await page.getByRole('button', { name: 'Fire', exact: true }).click();
  await page.getByLabel(/Anything else/).fill(line);
  await page.getByRole('button', { name: 'Send emergency report' }).click();
  await expect(page.getByTestId('waiting-report')).toContainText('No signal.');
  // The page asked the browser for a sync.
  await expect
    .poll(() => page.evaluate(async (tag) => ((await navigator.serviceWorker.ready) as unknown as { sync: { getTags(): Promise<string[]> } }).sync.getTags().then((tags) => tags.includes(tag)), SYNC_TAG))
    .toBe(true);

  // Bantay is closed; then the signal returns.
  await page.close();
  closed = true;
  expect(await ticketsOf(request, line)).toEqual([]);
  await context.setOffline(false);
  await fireSync(context, new URL(baseURL!).origin);

  await expect.poll(() => ticketsOf(request, line), { timeout: 30_000 }).toHaveLength(1);
  const [ticket] = await ticketsOf(request, line);
  expect(ticket).toMatch(TICKET);

  // The worker said so, with the ticket, in the words the page kept with the report; it shows the
  // notification once the report is marked sent on the phone. Read from a page of the same origin
  // that runs none of Bantay (the health check), so no page of the app sends anything meanwhile.
  const health = await context.newPage();
  await health.goto('/api/health');
  await expect
    .poll(() =>
      health.evaluate(async () =>
        ((await (await navigator.serviceWorker.getRegistration())?.getNotifications()) ?? []).map((shown) => ({ title: shown.title, body: shown.body })),
      ),
    )
    .toContainEqual({ title: 'Your emergency report was sent.', body: `Ticket: ${ticket}` });
  await health.close();

  // The next page shows the ticket the worker got, and sends nothing again.
  const reopened = await context.newPage();
  await reopened.goto('/Reportincidents?emergency=1');
  await expect(reopened.getByTestId('ticket')).toHaveText(ticket!);
  await expect(reopened.getByText('It was sent when the connection returned.')).toBeVisible();
  expect(await ticketsOf(request, line)).toEqual([ticket]);
  expect(pagePosts).toEqual([]);
});
