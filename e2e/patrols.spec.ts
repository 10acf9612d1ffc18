import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, signInByApi, test, toast, type SignedIn } from './fixtures.ts';

// Three real browsers over one server: an admin who draws an area and schedules a tanod, the
// tanod on a 375 px phone with a faked GPS, and the admin's live map. The tanod is whichever demo
// tanod has nothing scheduled around now and is not on patrol, so demo data cannot collide.
const TANODS = [
  { username: 'tanod3', firstName: 'Andres', lastName: 'Mendoza' },
  { username: 'tanod5', firstName: 'Paolo', lastName: 'Aquino' },
  { username: 'tanod2', firstName: 'Maricel', lastName: 'Reyes' },
  { username: 'tanod4', firstName: 'Rowena', lastName: 'Garcia' },
  { username: 'tanod1', firstName: 'Juan', lastName: 'Dela Cruz' },
];
const TIME_ZONE = 'Asia/Manila';

/** The number in the tanod's "N points waiting to send" (0 when the badge is gone). */
async function queuedCount(page: Page): Promise<number> {
  const badge = page.getByTestId('offline-queue');
  if (!(await badge.isVisible())) return 0;
  return Number(/(\d+) points? waiting/.exec((await badge.textContent()) ?? '')?.[1] ?? 0);
}

interface Person {
  context: BrowserContext;
  page: Page;
  session: SignedIn;
}

async function signIn(browser: Browser, username: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<Person> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const session = await signInByApi(page, page.request, username);
  return { context, page, session };
}

const auth = (session: SignedIn) => ({ authorization: `Bearer ${session.token}` });

/** Manila wall-clock date and time of an instant, as the form's inputs take them. */
function manila(instant: number): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** A demo tanod free from `from` to `to` (no schedule, not on patrol). */
async function freeTanod(request: APIRequestContext, admin: SignedIn, from: number, to: number) {
  const live = (await (await request.get('/api/tracking/live', { headers: auth(admin) })).json()) as { userId: string }[];
  const users = (await (await request.get('/api/auth/users', { headers: auth(admin) })).json()) as { users: { _id: string; firstName: string; lastName: string }[] };
  for (const tanod of TANODS) {
    const user = users.users.find((item) => item.firstName === tanod.firstName && item.lastName === tanod.lastName);
    if (!user || live.some((item) => item.userId === user._id)) continue;
    const query = `from=${encodeURIComponent(new Date(from).toISOString())}&to=${encodeURIComponent(new Date(to).toISOString())}&tanodId=${user._id}`;
    const schedules = (await (await request.get(`/api/schedules?${query}`, { headers: auth(admin) })).json()) as unknown[];
    if (schedules.length === 0) return { ...tanod, _id: user._id };
  }
  throw new Error('No demo tanod is free for the next hours');
}

test('an admin draws an area and schedules a tanod, who patrols with live tracking through an offline gap, and the admin replays it', async ({ browser }) => {
  test.setTimeout(150_000);
  const admin = await signIn(browser, 'admin');

  // 1. The admin draws a new area in the middle of the barangay.
  const areaName = `E2E Sector ${Date.now().toString(36).toUpperCase()}`;
  await admin.page.goto('/ManagePatrolschedules?tab=areas');
  await admin.page.getByRole('button', { name: 'Draw a new area' }).click();
  const map = admin.page.getByTestId('areas-map');
  await expect(map.locator('.leaflet-tile-pane')).toBeAttached();
  const box = (await map.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (const [dx, dy] of [
    [-70, -50],
    [70, -50],
    [70, 50],
    [-70, 50],
  ] as const) {
    await admin.page.mouse.click(cx + dx, cy + dy);
  }
  await admin.page.getByRole('button', { name: 'Finish shape' }).click();
  await admin.page.getByLabel('Area name').fill(areaName);
  await admin.page.getByRole('button', { name: 'Save area' }).click();
  await expect(toast(admin.page, `Area "${areaName}" saved`)).toBeVisible();
  await expect(admin.page.getByRole('list', { name: 'Areas' }).getByText(areaName)).toBeVisible();

  const areas = (await (await admin.page.request.get('/api/patrol-areas', { headers: auth(admin.session) })).json()) as {
    _id: string;
    name: string;
    polygon: { coordinates: [number, number][][] };
  }[];
  const area = areas.find((item) => item.name === areaName)!;
  const corners = area.polygon.coordinates[0]!.slice(0, -1);
  const centre = {
    latitude: corners.reduce((sum, [, lat]) => sum + lat, 0) / corners.length,
    longitude: corners.reduce((sum, [lng]) => sum + lng, 0) / corners.length,
  };

  // 2. …and schedules a free tanod on it, starting in ten minutes (Start Patrol opens 30 minutes before).
  const startsAt = Date.now() + 10 * 60_000;
  const endsAt = startsAt + 2 * 60 * 60_000;
  const tanod = await freeTanod(admin.page.request, admin.session, Date.now() - 60 * 60_000, endsAt + 60 * 60_000);
  await admin.page.getByRole('tab', { name: 'Schedules' }).click();
  await admin.page.getByRole('button', { name: 'New schedule' }).click();
  const form = admin.page.getByRole('dialog', { name: 'New schedule' });
  await form.getByText('Custom', { exact: true }).click();
  const start = manila(startsAt);
  const end = manila(endsAt);
  await form.getByLabel('Start date').fill(start.day);
  await form.getByLabel('Start time').fill(start.time);
  await form.getByLabel('End date').fill(end.day);
  await form.getByLabel('End time').fill(end.time);
  await form.getByLabel('Patrol area').selectOption({ label: areaName });
  await form.getByLabel('Search tanods').fill(tanod.lastName);
  await form.getByRole('checkbox', { name: `${tanod.firstName} ${tanod.lastName}` }).check();
  await form.getByRole('button', { name: 'Create schedule' }).click();
  await expect(toast(admin.page, 'created')).toBeVisible();

  // 3. The tanod, on a phone standing in the area, starts the patrol.
  const phone = await signIn(browser, tanod.username, {
    viewport: { width: 375, height: 740 },
    geolocation: { ...centre, accuracy: 8 },
    permissions: ['geolocation'],
  });
  await phone.page.goto('/Patrolmap');
  await expect(phone.page.getByRole('heading', { name: 'Your next shift' })).toBeVisible();
  await expect(phone.page.getByTestId('patrol-next')).toContainText(areaName);
  await expect(phone.page.getByTestId('tracking-indicator')).toContainText('Tracking off');
  await phone.page.getByRole('button', { name: 'Start patrol' }).click();
  await expect(phone.page.getByRole('heading', { name: `On patrol · ${areaName}` })).toBeVisible();
  await expect(phone.page.getByTestId('tracking-indicator')).toContainText('Tracking on');
  expect(await phone.page.evaluate(() => localStorage.getItem('isTracking'))).toBe('true');

  // 4. The admin's live map shows the tanod's marker, and it moves when the tanod walks.
  await admin.page.goto('/Patrol&incidenttracking?tab=map');
  const fullName = `${tanod.firstName} ${tanod.lastName}`;
  const marker = admin.page.getByTestId('tracking-map').locator(`.tanod-marker[title="${fullName}"]`);
  await expect(marker).toBeVisible();
  await admin.page.getByRole('list', { name: 'Tanods on patrol' }).getByRole('button', { name: fullName }).click();
  await expect(admin.page.getByTestId('live-selected')).toContainText(areaName);
  /** Moves the phone and waits until the admin's marker has moved on the screen. */
  const walkTo = async (latitude: number, longitude: number) => {
    const before = (await marker.boundingBox())!;
    await phone.context.setGeolocation({ latitude, longitude, accuracy: 8 });
    await expect
      .poll(async () => {
        const now = (await marker.boundingBox())!;
        return Math.hypot(now.x - before.x, now.y - before.y);
      })
      .toBeGreaterThan(5);
  };
  await walkTo(centre.latitude + 0.0006, centre.longitude + 0.0006);

  // 5. The connection drops; the tanod keeps walking; the points wait on the phone…
  const offlineFrom = Date.now();
  await phone.context.setOffline(true);
  const offlineSteps = [
    { latitude: centre.latitude + 0.0009, longitude: centre.longitude + 0.0003 },
    { latitude: centre.latitude + 0.0012, longitude: centre.longitude },
  ];
  for (const [index, step] of offlineSteps.entries()) {
    await phone.context.setGeolocation({ ...step, accuracy: 8 });
    // At least this step's point waits (the 15 s rule may add one more for standing still).
    await expect.poll(() => queuedCount(phone.page)).toBeGreaterThanOrEqual(index + 1);
  }
  const offlineUntil = Date.now();
  // …and go out, with the times they were taken, when it comes back.
  await phone.context.setOffline(false);
  await expect(phone.page.getByTestId('offline-queue')).toBeHidden({ timeout: 20_000 });
  const current = (await (await phone.page.request.get('/api/patrols/current', { headers: auth(phone.session) })).json()) as { patrol: { _id: string } };
  const patrolId = current.patrol._id;
  const fetchTrack = async () =>
    (await (await admin.page.request.get(`/api/patrols/${patrolId}/track`, { headers: auth(admin.session) })).json()) as {
      points: { at: string; lat: number; lng: number }[];
    };
  const takenOffline = (points: { at: string; lat: number; lng: number }[]) =>
    offlineSteps.map((step) => points.find((item) => Math.abs(item.lat - step.latitude) < 1e-7 && Math.abs(item.lng - step.longitude) < 1e-7));
  await expect.poll(async () => takenOffline((await fetchTrack()).points).every(Boolean)).toBe(true);
  const track = await fetchTrack();
  for (const point of takenOffline(track.points)) {
    const at = Date.parse(point!.at);
    expect(at).toBeGreaterThanOrEqual(offlineFrom - 1000);
    expect(at).toBeLessThanOrEqual(offlineUntil + 1000);
  }
  const times = track.points.map((point) => Date.parse(point.at));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  // The admin's marker follows again once the phone is back.
  await walkTo(centre.latitude + 0.0003, centre.longitude - 0.0006);

  // 6. The tanod ends the patrol (after confirming); tracking stops.
  await phone.page.getByRole('button', { name: 'End patrol' }).click();
  await phone.page.getByRole('dialog', { name: 'End this patrol?' }).getByRole('button', { name: 'End patrol' }).click();
  await expect(toast(phone.page, 'Patrol ended')).toBeVisible();
  await expect(phone.page.getByTestId('tracking-indicator')).toContainText('Tracking off');
  expect(await phone.page.evaluate(() => localStorage.getItem('isTracking'))).toBeNull();

  // 7. The admin replays the patrol with the time slider.
  await admin.page.goto('/Patrol&incidenttracking?tab=replay');
  const patrolChoice = admin.page.getByLabel('Patrol', { exact: true });
  const option = patrolChoice.locator('option', { hasText: areaName });
  await patrolChoice.selectOption((await option.getAttribute('value'))!);
  const player = admin.page.getByTestId('replay-player');
  await expect(player).toContainText(/\d+ points/);
  await expect(player.getByTestId('replay-map')).toBeVisible();
  const clock = player.getByTestId('replay-time');
  const slider = player.getByRole('slider');
  // The live map read this patrol's track and the page kept that copy (lib/staff-cache.ts): the
  // player may show it first, from before the patrol ended, until its fresh read arrives.
  await expect.poll(async () => Number(await slider.getAttribute('max')), { message: 'the route spans more than a second' }).toBeGreaterThan(1000);
  const max = (await slider.getAttribute('max'))!;
  const startLabel = (await clock.textContent())!;
  await slider.fill(max);
  await expect(clock).not.toHaveText(startLabel);
  await slider.fill('0');
  await expect(clock).toHaveText(startLabel);
  // Play runs the route to its end (the slider at its last step), then offers to replay it.
  await player.getByRole('button', { name: 'Play' }).click();
  await expect(player.getByRole('button', { name: 'Replay' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await slider.inputValue()) === (await slider.getAttribute('max'))).toBe(true);
  await expect(clock).not.toHaveText(startLabel);

  await phone.context.close();
  await admin.context.close();
});
