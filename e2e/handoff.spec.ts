import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, storeLocally, test, toast } from './fixtures.ts';
import { reportIncident } from './public-api.ts';

interface Session {
  token: string;
  userType: string;
  userId: string;
}

const NEW_PASSWORD = 'Sampaguita-Tanod-2031';
const HOUR = 3_600_000;
const auth = (session: Session) => ({ authorization: `Bearer ${session.token}` });

async function ok<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

async function login(request: APIRequestContext, username: string, password: string): Promise<Session> {
  return ok<Session>(await request.post('/api/auth/login', { data: { username, password } }));
}

/** A fresh tanod with a password of their own (deactivating a demo tanod would change other specs' world). */
async function newTanod(request: APIRequestContext, admin: Session, firstName: string, lastName: string): Promise<Session> {
  const username = `${firstName.toLowerCase()}${Date.now().toString(36)}`;
  const created = await ok<{ oneTimePassword: string }>(
    await request.post('/api/users', { headers: auth(admin), data: { firstName, lastName, username, userType: 'tanod' } }),
  );
  const first = await login(request, username, created.oneTimePassword);
  await ok(await request.post('/api/account/password', { headers: auth(first), data: { currentPassword: created.oneTimePassword, newPassword: NEW_PASSWORD } }));
  return login(request, username, NEW_PASSWORD);
}

/** A small square far from the demo areas, so the schedule conflicts with none of the demo's. */
function square(lat: number, lng: number, size = 0.004) {
  const ring = [
    [lng, lat],
    [lng + size, lat],
    [lng + size, lat + size],
    [lng, lat + size],
    [lng, lat],
  ];
  return { type: 'Polygon', coordinates: [ring] };
}

async function openAs(page: Page, session: Session, path: string): Promise<void> {
  await storeLocally(page, { token: session.token, userType: session.userType, userId: session.userId });
  await page.goto(path);
}

test('an admin deactivating a tanod who holds an incident sees it, their loan and their shift before confirming; the incident goes back to the queue', async ({ page, request }) => {
  const admin = await login(request, 'admin', DEMO_PASSWORD);
  const lastName = `Handoff${Date.now().toString(36)}`;
  const tanod = await newTanod(request, admin, 'Ramon', lastName);

  // The tanod responds to a fresh report.
  const ticket = await reportIncident(request, { description: 'Two men fighting outside the hardware store.' });
  const listed = await ok<{ items: { _id: string; ticket: string }[] }>(
    await request.get(`/api/incidents?q=${encodeURIComponent(ticket)}`, { headers: auth(admin) }),
  );
  const incident = listed.items.find((item) => item.ticket === ticket)!;
  await ok(await request.post(`/api/incidents/${incident._id}/respond`, { headers: auth(tanod) }));

  // The admin issued a radio to them, and they are on tomorrow's shift alone.
  const items = await ok<{ _id: string; name: string; available: number; active: boolean }[]>(await request.get('/api/inventory', { headers: auth(admin) }));
  const item = items.find((candidate) => candidate.active && candidate.available > 0)!;
  await ok(await request.post('/api/loans', { headers: auth(admin), data: { itemId: item._id, borrowerId: tanod.userId, dueAt: new Date(Date.now() + 6 * HOUR).toISOString() } }));
  const area = await ok<{ _id: string; name: string }>(
    await request.post('/api/patrol-areas', {
      headers: auth(admin),
      data: { name: `Handoff Sector ${Date.now().toString(36).toUpperCase()}`, color: '#00897b', polygon: square(14.724, 121.048, 0.003) },
    }),
  );
  const tomorrow = Date.now() + 24 * HOUR;
  const [schedule] = (
    await ok<{ schedules: { _id: string; code: string }[] }>(
      await request.post('/api/schedules', {
        headers: auth(admin),
        data: {
          shift: 'custom',
          startsAt: new Date(tomorrow).toISOString(),
          endsAt: new Date(tomorrow + 4 * HOUR).toISOString(),
          patrolAreaId: area._id,
          members: [{ tanodId: tanod.userId, isLeader: true }],
        },
      }),
    )
  ).schedules;

  await page.setViewportSize({ width: 375, height: 800 });
  await openAs(page, admin, '/ManageTanod');
  await page.getByLabel('Search tanods').fill(lastName);
  const row = page.getByTestId('staff-row').filter({ hasText: lastName });
  await row.getByRole('button', { name: `Deactivate Ramon ${lastName}` }).click();

  const dialog = page.getByTestId('deactivate-dialog');
  await expect(dialog.getByTestId('handoff-incident')).toContainText(ticket);
  await expect(dialog.getByTestId('handoff-incident')).toContainText('becomes pending again');
  await expect(dialog.getByTestId('handoff-loans')).toContainText(item.name);
  await expect(dialog.getByTestId('handoff-loans').getByRole('link', { name: 'Resources → Loans' })).toHaveAttribute('href', '/Resources?tab=loans');
  await expect(dialog.getByTestId('handoff-shifts')).toContainText(schedule!.code);
  await expect(dialog.getByTestId('handoff-shifts')).toContainText(area.name);
  await expect(dialog.getByTestId('handoff-shifts')).toContainText('no one else on it');
  // The dialog fits the phone: nothing pushes the page sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Cancel changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await ok<{ status: string }>(await request.get(`/api/incidents/${incident._id}`, { headers: auth(admin) }))).status).toBe('in_progress');

  await row.getByRole('button', { name: `Deactivate Ramon ${lastName}` }).click();
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, `Ramon ${lastName} was deactivated`)).toBeVisible();
  const after = await ok<{ status: string; responder: unknown; events: { kind: string }[] }>(await request.get(`/api/incidents/${incident._id}`, { headers: auth(admin) }));
  expect(after.status).toBe('pending');
  expect(after.responder).toBeNull();
  expect(after.events.at(-1)?.kind).toBe('returned_to_queue');
});

test('a tanod who holds nothing: the dialog says so', async ({ page, request }) => {
  const admin = await login(request, 'admin', DEMO_PASSWORD);
  const lastName = `Idle${Date.now().toString(36)}`;
  await newTanod(request, admin, 'Nilo', lastName);
  await page.setViewportSize({ width: 1280, height: 860 });
  await openAs(page, admin, '/ManageTanod');
  await page.getByLabel('Search tanods').fill(lastName);
  await page.getByTestId('staff-row').filter({ hasText: lastName }).getByRole('button', { name: `Deactivate Nilo ${lastName}` }).click();
  await expect(page.getByTestId('deactivate-dialog')).toContainText('Nilo holds no incident, no equipment and no upcoming shift.');
});
