import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect, storeLocally, toast, DEMO_PASSWORD } from './fixtures.ts';
import { DEMO_CENTRE, reportIncident } from './public-api.ts';

// A tanod's and an admin's field work: backup called from the patrol map with no incident and
// completed by the tanod an admin dispatched, from their own screen; the admin adding, moving
// (a mouse drag on the Leaflet marker), editing and removing a CCTV camera on the live map; and a
// tanod filtering the incident list and reading their history with the ratings they got. Fresh
// tanods, so the demo data (and the other specs) cannot change what these see.

const NEW_PASSWORD = 'Kalachuchi-Bantay-2031';

interface Session {
  token: string;
  userType: string;
  userId: string;
}

const auth = (session: Session) => ({ authorization: `Bearer ${session.token}` });

async function login(request: APIRequestContext, username: string, password: string): Promise<Session> {
  const response = await request.post('/api/auth/login', { data: { username, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Session;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** A fresh tanod with a password of their own. */
async function newTanod(request: APIRequestContext, admin: Session, firstName: string, lastName: string): Promise<Session & { name: string }> {
  const username = `${firstName.toLowerCase()}${Date.now().toString(36)}`;
  const created = await ok<{ oneTimePassword: string }>(
    await request.post('/api/users', { headers: auth(admin), data: { firstName, lastName, username, userType: 'tanod' } }),
  );
  const first = await login(request, username, created.oneTimePassword);
  await ok(await request.post('/api/account/password', { headers: auth(first), data: { currentPassword: created.oneTimePassword, newPassword: NEW_PASSWORD } }));
  return { ...(await login(request, username, NEW_PASSWORD)), name: `${firstName} ${lastName}` };
}

/** A browser of its own for one person, signed in, on `path`. */
async function open(browser: Browser, session: Session, path: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  await storeLocally(page, { token: session.token, userType: session.userType, userId: session.userId });
  await page.goto(path);
  return { context, page };
}

interface BackupRequest {
  _id: string;
  status: string;
  reason: string;
  incident: unknown;
  location: { lat: number; lng: number };
  requester: { _id: string };
}

test('a tanod calls for backup from the patrol map with no incident; the tanod an admin dispatches marks it deployed and completed from their own screen', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const admin = await login(request, 'admin', DEMO_PASSWORD);
  const caller = await newTanod(request, admin, 'Rodel', 'Bautista');
  const helper = await newTanod(request, admin, 'Jomar', 'Villanueva');
  const here = { latitude: DEMO_CENTRE.lat + 0.0012, longitude: DEMO_CENTRE.lng - 0.0008 };

  // The caller, on a phone on their round, with no incident of their own.
  const phone = await open(browser, caller, '/Patrolmap', { viewport: { width: 375, height: 800 }, permissions: ['geolocation'], geolocation: { ...here, accuracy: 9 } });
  const helperScreen = await open(browser, helper, '/Patrolmap');
  await expect(helperScreen.page.getByRole('heading', { name: 'Incident queue' })).toBeVisible();
  await expect(helperScreen.page.getByTestId('my-dispatches')).toHaveCount(0);

  const card = phone.page.getByRole('region', { name: 'Need backup?' });
  await card.getByRole('button', { name: 'Request backup' }).click();
  const dialog = phone.page.getByRole('dialog', { name: 'Request backup' });
  // The reason is required.
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  const reason = `Group drinking turned rowdy at the corner (${Date.now().toString(36)})`;
  await dialog.getByLabel('Other reason').fill(reason);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(toast(phone.page, 'Backup requested')).toBeVisible();
  const mine = phone.page.getByRole('list', { name: 'Your backup requests' });
  await expect(mine).toContainText('Waiting for an admin');

  // Stored with the phone's position and no incident.
  const pending = (await ok<{ items: BackupRequest[] }>(await request.get('/api/assistance?status=pending', { headers: auth(admin) }))).items;
  const call = pending.find((item) => item.reason === reason)!;
  expect(call).toMatchObject({ incident: null, requester: { _id: caller.userId } });
  expect(call.location.lat).toBeCloseTo(here.latitude, 5);
  expect(call.location.lng).toBeCloseTo(here.longitude, 5);

  // An admin approves and dispatches the helper: the helper's screen shows it without a reload.
  await ok(await request.post(`/api/assistance/${call._id}/approve`, { headers: auth(admin), data: { tanodIds: [helper.userId] } }));
  const dispatch = helperScreen.page.getByTestId('my-dispatches');
  await expect(dispatch).toContainText(reason);
  await expect(dispatch).toContainText('Rodel Bautista');
  await expect(dispatch.getByRole('link', { name: 'Directions' })).toHaveAttribute('href', /destination=14\.73/);
  await expect(mine).toContainText(`Coming: ${helper.name}`);

  await dispatch.getByRole('button', { name: 'Mark deployed' }).click();
  await expect(toast(helperScreen.page, 'Marked deployed')).toBeVisible();
  await expect(dispatch).toContainText('Backup deployed');
  await expect(dispatch.getByRole('button', { name: 'Mark deployed' })).toHaveCount(0);
  // The caller sees it move on, live.
  await expect(mine).toContainText('Backup deployed');

  await dispatch.getByRole('button', { name: 'Mark completed' }).click();
  await expect(toast(helperScreen.page, 'Backup completed')).toBeVisible();
  await expect(helperScreen.page.getByTestId('my-dispatches')).toHaveCount(0);
  await expect(mine).toHaveCount(0);
  const done = (await ok<{ items: BackupRequest[] }>(await request.get('/api/assistance?status=completed', { headers: auth(admin) }))).items;
  expect(done.find((item) => item._id === call._id)?.status).toBe('completed');

  await Promise.all([phone.context.close(), helperScreen.context.close()]);
});

interface CameraRow {
  _id: string;
  name: string;
  description: string | null;
  location: { lat: number; lng: number };
}

test('an admin adds a camera on the live map, drags it to a new place that is saved, edits it by keyboard and removes it after confirming', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const admin = await login(request, 'admin', DEMO_PASSWORD);
  const cameras = async () => (await ok<{ items: CameraRow[] }>(await request.get('/api/cameras', { headers: auth(admin) }))).items;
  const name = `Plaza corner ${Date.now().toString(36)}`;
  const { context, page } = await open(browser, admin, '/Patrol&incidenttracking?tab=map');
  const map = page.getByTestId('tracking-map');
  await expect(map.locator('.leaflet-tile-pane')).toBeAttached();

  await page.getByRole('button', { name: 'Manage cameras' }).click();
  const manager = page.getByTestId('camera-manager');
  await manager.getByRole('button', { name: 'Add' }).click();
  const form = manager.getByRole('form', { name: 'Add a camera' });
  // Nothing filled: each refusal sits next to its field.
  await form.getByRole('button', { name: 'Add camera' }).click();
  await expect(form.getByText('Latitude is required')).toBeVisible();
  await expect(form.getByText('Name is required')).toBeVisible();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Owner or contact (optional)').fill('Sari-sari store, 0917 000 1111');
  // A new camera starts in pick mode: a click on the map is its place.
  await expect(form.getByRole('button', { name: /Click the map/ })).toHaveAttribute('aria-pressed', 'true');
  // Near the map's top right corner, away from the markers in the middle and the zoom buttons.
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width - 120, box.y + 110);
  await expect(form.getByLabel('Latitude')).not.toHaveValue('');
  await expect(form.getByRole('button', { name: 'Pick on the map' })).toHaveAttribute('aria-pressed', 'false');
  await form.getByRole('button', { name: 'Add camera' }).click();
  await expect(toast(page, `${name} added`)).toBeVisible();
  const added = (await cameras()).find((camera) => camera.name === name)!;
  expect(added).toBeTruthy();

  // Drag its pin: the new place is saved at once.
  const pin = map.getByRole('button', { name: new RegExp(`^Camera: ${name} .*Drag to move it`) });
  await expect(pin).toBeVisible();
  const at = (await pin.boundingBox())!;
  const grab = { x: at.x + at.width / 2, y: at.y + at.height / 2 };
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x + 40, grab.y - 20, { steps: 5 });
  await page.mouse.move(grab.x + 90, grab.y - 60, { steps: 10 });
  await page.mouse.up();
  await expect(toast(page, `${name} moved`)).toBeVisible();
  await expect.poll(async () => (await cameras()).find((camera) => camera._id === added._id)!.location.lng).toBeGreaterThan(added.location.lng);
  const moved = (await cameras()).find((camera) => camera._id === added._id)!;
  // Up and to the right on the screen: north and east.
  expect(moved.location.lat).toBeGreaterThan(added.location.lat);

  // Edit by keyboard: select it in the list, type a place and a description, save.
  await manager.getByRole('list', { name: 'Cameras' }).getByRole('button', { name }).click();
  const edit = manager.getByRole('form', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Latitude')).toHaveValue(moved.location.lat.toFixed(6));
  await edit.getByLabel('Name').fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Name is required')).toBeVisible();
  await edit.getByLabel('Name').fill(name);
  await edit.getByLabel('Description (optional)').fill('Faces the plaza and the tricycle stop');
  await edit.getByLabel('Latitude').fill('14.736100');
  await edit.getByLabel('Longitude').fill('121.050200');
  await edit.getByLabel('Viewing URL (optional)').fill('rtsp://10.0.0.9');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Viewing URL must start with http:// or https://')).toBeVisible();
  await edit.getByLabel('Viewing URL (optional)').fill('http://10.0.0.9/live');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `${name} saved`)).toBeVisible();
  const edited = (await cameras()).find((camera) => camera._id === added._id)!;
  expect(edited).toMatchObject({ description: 'Faces the plaza and the tricycle stop', location: { lat: 14.7361, lng: 121.0502 } });

  // Remove: asked first; Cancel keeps it, Remove removes it.
  await manager.getByRole('list', { name: 'Cameras' }).getByRole('button', { name }).click();
  await manager.getByRole('button', { name: 'Remove' }).click();
  const ask = page.getByRole('dialog', { name: `Remove the camera ${name}?` });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  expect((await cameras()).some((camera) => camera._id === added._id)).toBe(true);
  await manager.getByRole('button', { name: 'Remove' }).click();
  await ask.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, `${name} removed`)).toBeVisible();
  expect((await cameras()).some((camera) => camera._id === added._id)).toBe(false);
  await expect(pin).toHaveCount(0);

  await context.close();
});

test('a tanod filters the incident list by status, classification and distance, and reads their history with the outcome and the rating they got', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await login(request, 'admin', DEMO_PASSWORD);
  const tanod = await newTanod(request, admin, 'Liza', 'Manalo');
  const tag = Date.now().toString(36);
  // Three reports the tanod handles: a theft here (rated 5), an emergency fire 890 m south
  // (not rated), and one still in progress.
  const near = await reportIncident(request, { type: 'Theft', description: `Bicycle taken from the gate (${tag}).`, location: DEMO_CENTRE });
  const far = await reportIncident(request, { type: 'Fire', classification: 'emergency', description: `Grass fire (${tag}).`, location: { lat: DEMO_CENTRE.lat - 0.008, lng: DEMO_CENTRE.lng } });
  const holding = await reportIncident(request, { type: 'Noise disturbance', description: `Karaoke past midnight (${tag}).`, location: DEMO_CENTRE });
  const idOf = async (ticket: string) =>
    (await ok<{ items: { _id: string; ticket: string }[] }>(await request.get(`/api/incidents?q=${ticket}`, { headers: auth(admin) }))).items[0]!._id;
  for (const ticket of [near, far]) {
    const id = await idOf(ticket);
    await ok(await request.post(`/api/incidents/${id}/respond`, { headers: auth(tanod) }));
    await ok(await request.post(`/api/incidents/${id}/resolve`, { headers: auth(tanod), data: { log: `Handled (${ticket}).` } }));
  }
  await ok(await request.post(`/api/incidents/${await idOf(holding)}/respond`, { headers: auth(tanod) }));
  await ok(await request.post(`/api/public/tickets/${near}/rating`, { data: { rating: 5, comment: 'Dumating agad, salamat!' } }));

  const { context, page } = await open(browser, tanod, '/Patrolmap', {
    viewport: { width: 375, height: 800 },
    permissions: ['geolocation'],
    geolocation: { latitude: DEMO_CENTRE.lat, longitude: DEMO_CENTRE.lng, accuracy: 10 },
  });
  const row = (ticket: string) => page.locator(`[data-testid="browse-item"][data-ticket="${ticket}"]`);

  // My history: what I responded to, newest first, with the outcome and the rating.
  await page.getByRole('tab', { name: 'My history' }).click();
  await expect(page).toHaveURL(/list=history/);
  const history = page.getByTestId('history-list');
  await expect(row(holding)).toContainText('In progress');
  await expect(row(near)).toContainText('Resolved');
  await expect(row(near).getByRole('img', { name: '5 of 5 stars' })).toBeVisible();
  await expect(row(near)).toContainText('Dumating agad, salamat!');
  await expect(row(far)).toContainText('Not rated yet');
  const tickets = await history.locator('[data-testid="browse-item"]').evaluateAll((items) => items.map((item) => item.getAttribute('data-ticket')));
  expect(tickets.slice(0, 3)).toEqual([holding, far, near]);

  const historyFilters = page.getByRole('search', { name: 'Filter my history' });
  await historyFilters.getByLabel('Rating').selectOption({ label: '5 stars' });
  await expect(history.locator('[data-testid="browse-item"]')).toHaveCount(1);
  await expect(row(near)).toBeVisible();
  await historyFilters.getByLabel('Rating').selectOption({ label: 'Not rated yet' });
  await historyFilters.getByLabel('Status').selectOption({ label: 'Resolved' });
  await expect(row(far)).toBeVisible();
  await expect(row(near)).toHaveCount(0);
  await expect(row(holding)).toHaveCount(0);

  // The record: how it ended and the rating, read-only.
  await historyFilters.getByRole('button', { name: 'Clear filters' }).click();
  await row(near).getByRole('button', { name: /^Details of/ }).click();
  const record = page.getByTestId('incident-record');
  await expect(record).toContainText(`Handled (${near}).`);
  await expect(record).toContainText('Dumating agad, salamat!');
  await page.keyboard.press('Escape');

  // All incidents: by classification, status and distance from me.
  await page.getByRole('tab', { name: 'All incidents' }).click();
  const all = page.getByTestId('browse-list');
  const allFilters = page.getByRole('search', { name: 'Filter incidents' });
  await allFilters.getByLabel('Status').selectOption({ label: 'Resolved' });
  await allFilters.getByLabel('Classification').selectOption({ label: 'Emergency' });
  await expect(row(far)).toBeVisible();
  await expect(row(near)).toHaveCount(0);
  // About 900 m from the phone (its position is rounded to about 100 m before it is sent).
  await expect(row(far)).toContainText(/9\d0 m/);
  await allFilters.getByLabel('Classification').selectOption({ label: 'Both' });
  await allFilters.getByLabel('Distance from me').selectOption({ label: 'Within 500 m' });
  await expect(row(near)).toBeVisible();
  await expect(row(far)).toHaveCount(0);
  for (const status of await all.locator('[data-testid="browse-item"]').allTextContents()) expect(status).toContain('Resolved');
  // No sideways scroll on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await context.close();
});
