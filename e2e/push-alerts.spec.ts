import crypto from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, signInByApi, storeLocally, test, toast } from './fixtures.ts';
import { reportIncident } from './public-api.ts';
import { FAKE_KEYS, startPushService, stubBrowserPush, type PushService } from './push-service.ts';
import { createResident } from './resident-fixtures.ts';

/**
 * Push alerts in Chromium. Only the browser's edge is played: `pushManager.subscribe`
 * (Chromium's push service is out of reach here) and the push service itself, a local HTTPS server
 * the real server posts to. Subscriptions, preferences, deliveries and retries are the server's own.
 */

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
const LINUX_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

// A subscription needs the app's service worker registered (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

let service: PushService;
test.beforeAll(async () => {
  service = await startPushService();
});
test.afterAll(async () => {
  await service.close();
});

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const alertsSection = (page: Page) => page.getByRole('region', { name: 'Alerts on this device' });
const pushState = (page: Page) => alertsSection(page).getByTestId('push-state');

test('a tanod turns alerts on for this phone, removes another device, keeps quiet hours and a muted kind over a reload, and turns them off', async ({
  page,
  context,
  request,
}) => {
  const session = await signInByApi(page, request, 'tanod3');
  const auth = bearer(session.token);
  await context.grantPermissions(['notifications']);
  await stubBrowserPush(page, `${service.origin}/ok/${crypto.randomUUID()}`);
  // Another phone of the tanod's, subscribed the way its browser would.
  const other = await request.post('/api/push/subscriptions', {
    headers: { ...auth, 'user-agent': ANDROID_CHROME },
    data: { endpoint: `${service.origin}/ok/other-phone-${crypto.randomUUID()}`, keys: FAKE_KEYS },
  });
  expect(other.status()).toBe(201);

  try {
    await page.goto('/myaccount');
    const section = alertsSection(page);
    await expect(pushState(page)).toHaveAttribute('data-state', 'off');
    await expect(section.getByTestId('emergencies-note')).toContainText('Emergencies and escalations always come through');
    const devices = section.getByRole('list', { name: 'Other devices with alerts' });
    await expect(devices.getByTestId('push-device')).toHaveCount(1);
    await expect(devices).toContainText('Chrome on Android');

    await section.getByRole('button', { name: 'Turn on alerts' }).click();
    await expect(pushState(page)).toHaveAttribute('data-state', 'on');
    await expect(pushState(page)).toContainText('On.');
    // Subscribed with the server's key; the server holds this browser beside the other phone.
    const { publicKey } = (await (await request.get('/api/push/key')).json()) as { publicKey: string };
    expect(await page.evaluate(() => (window as unknown as { __fakePush: unknown }).__fakePush)).toMatchObject({ subscribe: 1, applicationServerKey: publicKey });
    const listed = (await (await request.get('/api/push/subscriptions', { headers: auth })).json()) as unknown[];
    expect(listed).toHaveLength(2);
    // This phone is not among the "other" devices.
    await expect(devices.getByTestId('push-device')).toHaveCount(1);

    // Removing the other phone asks first.
    await devices.getByRole('button', { name: 'Remove Chrome on Android' }).click();
    await devices.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(section.getByText(/^None\./)).toBeVisible();
    expect((await (await request.get('/api/push/subscriptions', { headers: auth })).json()) as unknown[]).toHaveLength(1);

    // What comes, and when: chat muted, quiet from 21:00 to 05:30 (off until switched on).
    await expect(section.getByLabel('From')).toHaveCount(0);
    await section.getByRole('switch', { name: 'Chat messages while Bantay is closed' }).uncheck();
    await section.getByRole('switch', { name: 'Quiet hours' }).check();
    await section.getByLabel('From').fill('21:00');
    await section.getByLabel('Until').fill('05:30');
    await section.getByRole('button', { name: 'Save alert settings' }).click();
    await expect(toast(page, 'Alert settings saved')).toBeVisible();
    expect(await (await request.get('/api/push/preferences', { headers: auth })).json()).toEqual({
      mutedKinds: ['chat'],
      quietHours: { start: '21:00', end: '05:30' },
    });

    await page.reload();
    await expect(pushState(page)).toHaveAttribute('data-state', 'on');
    await expect(section.getByRole('switch', { name: 'Chat messages while Bantay is closed' })).not.toBeChecked();
    await expect(section.getByRole('switch', { name: 'Incidents assigned to me and new reports' })).toBeChecked();
    await expect(section.getByRole('switch', { name: 'Quiet hours' })).toBeChecked();
    await expect(section.getByLabel('From')).toHaveValue('21:00');
    await expect(section.getByLabel('Until')).toHaveValue('05:30');

    await section.getByRole('button', { name: 'Turn off' }).click();
    await expect(pushState(page)).toHaveAttribute('data-state', 'off');
    expect(await page.evaluate(() => (window as unknown as { __fakePush: { unsubscribe: number } }).__fakePush.unsubscribe)).toBe(1);
    expect((await (await request.get('/api/push/subscriptions', { headers: auth })).json()) as unknown[]).toHaveLength(0);
  } finally {
    await request.put('/api/push/preferences', { headers: auth, data: { mutedKinds: [], quietHours: null } });
    for (const row of (await (await request.get('/api/push/subscriptions', { headers: auth })).json()) as { _id: string }[]) {
      await request.delete(`/api/push/subscriptions/${row._id}`, { headers: auth });
    }
  }
});

test('where notifications are blocked, the tanod is told so and how to allow them', async ({ page, request }) => {
  await signInByApi(page, request, 'tanod4');
  // What a browser that was told "Block" answers; the question is never asked again.
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    Notification.requestPermission = async () => 'denied';
  });
  await page.goto('/myaccount');
  await expect(pushState(page)).toHaveAttribute('data-state', 'blocked');
  await expect(pushState(page)).toContainText('Blocked by the browser.');
  await expect(alertsSection(page).getByText('To allow them again:')).toBeVisible();
  await expect(alertsSection(page).getByRole('button', { name: 'Turn on alerts' })).toHaveCount(0);
});

test('a signed-in resident finds alerts for their reports under their reports on the landing page', async ({ page, context, request }) => {
  const resident = await createResident(request);
  await storeLocally(page, { token: resident.token, userType: 'resident' });
  await context.grantPermissions(['notifications']);
  await stubBrowserPush(page, `${service.origin}/ok/${crypto.randomUUID()}`);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'My reports' })).toBeVisible();
  await expect(pushState(page)).toHaveAttribute('data-state', 'off');
  // A resident hears only about their own reports: no kinds to choose, no emergencies note.
  await expect(alertsSection(page).getByRole('switch', { name: 'Chat messages while Bantay is closed' })).toHaveCount(0);
  await expect(alertsSection(page).getByTestId('emergencies-note')).toHaveCount(0);
  await alertsSection(page).getByRole('button', { name: 'Turn on alerts' }).click();
  await expect(pushState(page)).toHaveAttribute('data-state', 'on');
  const listed = (await (await request.get('/api/push/subscriptions', { headers: bearer(resident.token) })).json()) as unknown[];
  expect(listed).toHaveLength(1);
});

test('a click on a notification opens what it is about and marks it read', async ({ page, request }) => {
  const session = await signInByApi(page, request, 'admin');
  const ticket = await reportIncident(request, { description: 'Notification link e2e: a fallen tree blocks the road.' });
  const notifications = (await (await request.get('/api/notifications', { headers: bearer(session.token) })).json()) as {
    _id: string;
    message: string;
    link: string | null;
  }[];
  const reported = notifications.find((item) => item.message.includes(ticket));
  expect(reported?.link).toMatch(/^\/Patrol&incidenttracking\?incident=/);

  await page.setViewportSize({ width: 1280, height: 820 });
  await page.goto('/Admindashboard');
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('Loading notifications...')).toHaveCount(0);
  const item = panel.getByRole('listitem').filter({ hasText: ticket }).getByRole('button').first();
  await expect(item).toHaveAttribute('data-unread', 'true');
  const markedRead = page.waitForRequest((req) => req.method() === 'POST' && req.url().endsWith(`/api/notifications/${reported!._id}/read`));
  await item.click();
  await markedRead;
  await expect(page).toHaveURL(new URL(reported!.link!, page.url()).href);
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId('incident-drawer')).toContainText('Notification link e2e: a fallen tree blocks the road.');
});

test('the supadmin sees an alert the server gave up on, with its channel, kind, recipient, destination, tries and error, and retries it', async ({
  page,
  request,
}) => {
  // The admin's browser is subscribed at a push service that refuses every message (a 400, given up at once).
  const adminToken = await tokenOf(request, 'admin');
  const subscribed = await request.post('/api/push/subscriptions', {
    headers: { ...bearer(adminToken), 'user-agent': LINUX_CHROME },
    data: { endpoint: `${service.origin}/refuse/${crypto.randomUUID()}`, keys: FAKE_KEYS },
  });
  expect(subscribed.status()).toBe(201);
  const { id: subscriptionId } = (await subscribed.json()) as { id: string };
  const refusedSoFar = () => service.received.filter((path) => path.startsWith('/refuse/')).length;

  try {
    const before = refusedSoFar();
    const ticket = await reportIncident(request, { description: 'Failed delivery e2e: a stray dog bit a child.' });
    // The new-report push to the admin reaches the push service and is refused.
    await expect.poll(refusedSoFar, { timeout: 15_000 }).toBe(before + 1);

    const supadmin = await signInByApi(page, request, 'supadmin');
    const failed = async () =>
      ((await (await request.get('/api/deliveries/failed?limit=100', { headers: bearer(supadmin.token) })).json()) as {
        items: { _id: string; kind: string; lastError: string | null }[];
      }).items;
    await expect.poll(async () => (await failed()).some((item) => item.kind === 'incident.reported' && item.lastError?.includes('400'))).toBe(true);
    expect(ticket).toBeTruthy();

    await page.goto('/ManageTanod?tab=deliveries');
    await expect(page.getByRole('tab', { name: 'Failed alerts' })).toHaveAttribute('aria-selected', 'true');
    const rows = page.getByTestId('failed-delivery').filter({ hasText: 'push (Chrome on Linux)' }).filter({ hasText: 'Incident: reported' });
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row).toContainText('Push');
    await expect(row).toContainText('push service answered 400');
    await expect(row.getByRole('cell').nth(4)).toHaveText('1');

    await row.getByRole('button', { name: /^Retry Push to / }).click();
    await expect(toast(page, 'Sending again. If it fails again, it returns to this list.')).toBeVisible();
    await expect(rows).toHaveCount(0);
    // The retry really goes out again, and is refused again: the alert is back after a refresh.
    await expect.poll(refusedSoFar, { timeout: 15_000 }).toBe(before + 2);
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return rows.count();
      })
      .toBe(1);
  } finally {
    await request.delete(`/api/push/subscriptions/${subscriptionId}`, { headers: bearer(adminToken) });
  }
});
