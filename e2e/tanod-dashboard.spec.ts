import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, storeLocally, DEMO_PASSWORD } from './fixtures.ts';

// A tanod the admin adds for this test has no schedules, loans or notes from the demo data, so
// what the dashboard shows is exactly what the test set up.
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

/** A fresh tanod with a password of their own, signed in through the API. */
async function newTanod(request: APIRequestContext, admin: Session, firstName: string, lastName: string): Promise<Session> {
  const username = `${firstName.toLowerCase()}${Date.now().toString(36)}`;
  const created = await ok<{ oneTimePassword: string }>(
    await request.post('/api/users', { headers: auth(admin), data: { firstName, lastName, username, userType: 'tanod' } }),
  );
  const first = await login(request, username, created.oneTimePassword);
  await ok(await request.post('/api/account/password', { headers: auth(first), data: { currentPassword: created.oneTimePassword, newPassword: NEW_PASSWORD } }));
  return login(request, username, NEW_PASSWORD);
}

async function openAs(page: Page, session: Session, path: string): Promise<void> {
  await storeLocally(page, { token: session.token, userType: session.userType, userId: session.userId });
  await page.goto(path);
}

/** A small square (about 500 m) far from the demo areas, so no schedule conflicts with the demo's. */
function square(lat: number, lng: number, size = 0.005) {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lng, lat],
        [lng + size, lat],
        [lng + size, lat + size],
        [lng, lat + size],
        [lng, lat],
      ],
    ],
  };
}

const HOUR = 3_600_000;

test('a tanod sees the shift under way and a borrowed item with its due time, live, and keeps notes on the calendar', async ({ page, request }) => {
  const admin = await login(request, 'admin', DEMO_PASSWORD);
  const tanod = await newTanod(request, admin, 'Dolores', 'Ramos');
  const areaName = `Dash Sector ${Date.now().toString(36).toUpperCase()}`;
  const area = await ok<{ _id: string }>(
    await request.post('/api/patrol-areas', { headers: auth(admin), data: { name: areaName, color: '#8e24aa', polygon: square(14.7402, 121.0561) } }),
  );
  const now = Date.now();
  await ok(
    await request.post('/api/schedules', {
      headers: auth(admin),
      data: {
        shift: 'custom',
        startsAt: new Date(now - HOUR).toISOString(),
        endsAt: new Date(now + 3 * HOUR).toISOString(),
        patrolAreaId: area._id,
        members: [{ tanodId: tanod.userId, isLeader: true }],
      },
    }),
  );

  await page.setViewportSize({ width: 375, height: 800 });
  await openAs(page, tanod, '/Dashboard');
  const shift = page.getByTestId('current-shift');
  await expect(shift).toContainText('On duty now');
  await expect(shift).toContainText(areaName);
  await expect(shift).toContainText('Patrol not started');
  await expect(page.getByTestId('tanod-loans')).toContainText('You have nothing on loan.');

  // The admin issues a radio on the tanod's behalf: the card shows it without a reload.
  const items = await ok<{ _id: string; name: string; available: number; active: boolean }[]>(await request.get('/api/inventory', { headers: auth(admin) }));
  const item = items.find((candidate) => candidate.active && candidate.available > 0)!;
  const dueAt = new Date(now + 2 * HOUR);
  await ok(await request.post('/api/loans', { headers: auth(admin), data: { itemId: item._id, borrowerId: tanod.userId, dueAt: dueAt.toISOString() } }));
  const loan = page.getByTestId('tanod-loan');
  await expect(loan).toContainText(item.name);
  const dueText = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Manila', hour: 'numeric', minute: '2-digit' }).format(dueAt);
  const manilaDay = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(at);
  const dueDay = manilaDay(dueAt.getTime()) === manilaDay(Date.now()) ? 'Today' : 'Tomorrow';
  await expect(loan).toContainText(`Due ${dueDay} ${dueText}`);
  await expect(loan).toContainText(/in (1 h 5\d min|2 h)/);

  // Calendar notes: add one to today, edit it, delete it.
  const calendar = page.getByTestId('notes-calendar');
  await calendar.scrollIntoViewIfNeeded();
  await expect(calendar.getByRole('gridcell', { selected: true })).toHaveCount(1);
  await expect(calendar.getByText('No notes for this day.')).toBeVisible();
  await calendar.getByLabel('New note').fill('Pick up the spare radio at the hall');
  await calendar.getByRole('button', { name: 'Add note' }).click();
  const notes = calendar.getByRole('list', { name: /^Notes for / });
  await expect(notes.getByText('Pick up the spare radio at the hall')).toBeVisible();
  await expect(calendar.getByLabel('New note')).toHaveValue('');
  await expect(calendar.getByRole('button', { name: /\(today\): 1 note$/ })).toBeVisible();

  await notes.getByRole('button', { name: 'Edit note: Pick up the spare radio at the hall' }).click();
  const edit = calendar.getByLabel('Edit note');
  await expect(edit).toBeFocused();
  await edit.fill('Radio picked up; return it by Friday');
  await calendar.getByRole('button', { name: 'Save' }).click();
  await expect(notes.getByText('Radio picked up; return it by Friday')).toBeVisible();
  await expect(notes.getByText('Pick up the spare radio at the hall')).toHaveCount(0);

  await notes.getByRole('button', { name: 'Delete note: Radio picked up; return it by Friday' }).click();
  await page.locator('[data-confirm-dialog]').getByRole('button', { name: 'Delete' }).click();
  await expect(calendar.getByText('No notes for this day.')).toBeVisible();
  await expect(calendar.getByRole('button', { name: /\(today\): no notes$/ })).toBeVisible();
  const left = await ok<{ notes: unknown[] }>(await request.get('/api/notes?from=2000-01-01&to=2000-12-31', { headers: auth(tanod) }));
  expect(left.notes).toEqual([]);
});

test('the calendar is keyboard-driven: arrows move between days, Enter chooses one, and a note lands on that day', async ({ page, request }) => {
  const admin = await login(request, 'admin', DEMO_PASSWORD);
  const tanod = await newTanod(request, admin, 'Teodoro', 'Lim');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, tanod, '/Dashboard');
  const calendar = page.getByTestId('notes-calendar');
  const today = calendar.getByRole('button', { name: /\(today\)/ });
  await today.focus();
  await page.keyboard.press('ArrowRight');
  const tomorrow = calendar.locator('button[data-day]:focus');
  const day = await tomorrow.getAttribute('data-day');
  await page.keyboard.press('Enter');
  await expect(calendar.getByRole('gridcell', { selected: true }).locator('button')).toHaveAttribute('data-day', day!);
  await calendar.getByLabel('New note').fill('Team meeting');
  await calendar.getByRole('button', { name: 'Add note' }).click();
  await expect(calendar.getByRole('list', { name: /^Notes for / }).getByText('Team meeting')).toBeVisible();
  const saved = await ok<{ notes: { day: string; text: string }[] }>(await request.get(`/api/notes?from=${day}&to=${day}`, { headers: auth(tanod) }));
  expect(saved.notes.map((note) => note.text)).toEqual(['Team meeting']);
});
