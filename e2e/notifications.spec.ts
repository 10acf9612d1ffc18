import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, signInByApi, toast, type SignedIn } from './fixtures.ts';
import { reportIncident } from './public-api.ts';

interface ServerNotification {
  _id: string;
  message: string;
  read: boolean;
  createdAt: string;
}

/** What the server holds for this user right now: the truth the panel is checked against. */
async function serverNotifications(request: APIRequestContext, session: SignedIn): Promise<ServerNotification[]> {
  const response = await request.get('/api/notifications', { headers: { authorization: `Bearer ${session.token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as ServerNotification[];
}

const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const items = (page: Page) => panel(page).getByRole('list', { name: 'Notifications list' }).getByRole('listitem');
const bell = (page: Page) => page.getByRole('button', { name: 'Notifications', exact: true });

async function openPanel(page: Page, path = '/Dashboard') {
  await page.goto(path);
  await bell(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByText('Loading notifications...')).toHaveCount(0);
}

/** Holds the pointer on an item past the brief's 800 ms long press; resolves once selection mode shows. */
async function longPress(page: Page, item: ReturnType<typeof items>) {
  const box = await item.boundingBox();
  if (!box) throw new Error('item not on screen');
  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
  await page.mouse.down();
  await expect(panel(page).getByRole('button', { name: 'Select all' })).toBeVisible();
  await page.mouse.up();
}

test.describe('the notifications panel', () => {
  test('opens with the new count, marks all read on the server, and searches, filters and sorts', async ({ page, request }) => {
    const session = await signInByApi(page, request, 'tanod1');
    const before = await serverNotifications(request, session);
    const unread = before.filter((n) => !n.read).length;
    expect(unread).toBeGreaterThan(0);

    await page.setViewportSize({ width: 1280, height: 820 });
    await page.goto('/Dashboard');
    await expect(page.getByTestId('notifications-dot')).toBeVisible();
    await bell(page).click();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByTestId('new-badge')).toHaveText(`${unread} new`);
    await expect(items(page)).toHaveCount(before.length);
    // docs/product.md §A2: 360 px wide on a desktop.
    expect((await panel(page).boundingBox())?.width).toBe(360);
    // Opening marks everything read on the server; the bell's dot goes out, the items keep their dots.
    await expect(page.getByTestId('notifications-dot')).toHaveCount(0);
    await expect.poll(async () => (await serverNotifications(request, session)).filter((n) => !n.read).length).toBe(0);
    await expect(panel(page).locator('[data-unread]')).toHaveCount(unread);

    // Newest first by default; the toggle reverses the order.
    const newestFirst = [...before].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    await expect(items(page).first()).toContainText(newestFirst[0]!.message);
    await panel(page).getByRole('button', { name: 'Sorted newest first' }).click();
    await expect(items(page).first()).toContainText(newestFirst.at(-1)!.message);
    await panel(page).getByRole('button', { name: 'Sorted oldest first' }).click();
    await expect(items(page).first()).toContainText(newestFirst[0]!.message);

    // A category shows only the messages its keywords match (docs/product.md §A4).
    await panel(page).getByRole('button', { name: 'Incidents', exact: true }).click();
    const incidentMessages = before.filter((n) => /assistance|help/i.test(n.message) === false && /incident|emergency/i.test(n.message));
    expect(incidentMessages.length).toBeGreaterThan(0);
    await expect(items(page)).toHaveCount(incidentMessages.length);

    // Search combines with the category; case does not matter.
    const word = incidentMessages[0]!.message.split(/\W+/).find((w) => w.length > 5)!;
    await panel(page).getByPlaceholder('Search notifications...').fill(word.toUpperCase());
    const matching = incidentMessages.filter((n) => n.message.toLowerCase().includes(word.toLowerCase()));
    await expect(items(page)).toHaveCount(matching.length);
    await panel(page).getByPlaceholder('Search notifications...').fill('zzqx no such words');
    await expect(panel(page).getByText('No notifications found')).toBeVisible();
    await expect(panel(page).getByText('Try a different search term')).toBeVisible();

    // The filter toggle hides the chips; a click outside closes the panel.
    await panel(page).getByRole('button', { name: 'Filter by category' }).click();
    await expect(panel(page).getByRole('group', { name: 'Categories' })).toHaveCount(0);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).click();
    await expect(panel(page)).toHaveCount(0);
  });

  test('on a 375 px phone in the dark theme: full width, long press selects, select all, delete all after confirming', async ({ page, request }) => {
    const session = await signInByApi(page, request, 'tanod4');
    const before = await serverNotifications(request, session);
    expect(before.length).toBeGreaterThan(2);
    await page.setViewportSize({ width: 375, height: 780 });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await openPanel(page);
    await expect(page.locator('html')).toHaveClass(/dark-mode/);
    const box = await panel(page).boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBe(375);

    await longPress(page, items(page).first());
    await expect(panel(page).getByText('1 selected')).toBeVisible();
    await expect(items(page).first().getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');
    // In selection mode a click toggles an item instead of opening it.
    await items(page).nth(1).getByRole('button').first().click();
    await expect(panel(page).getByText('2 selected')).toBeVisible();
    await items(page).nth(1).getByRole('button').first().click();
    await expect(panel(page).getByText('1 selected')).toBeVisible();

    await panel(page).getByRole('button', { name: 'Select all' }).click();
    await expect(panel(page).getByText(`${before.length} selected`)).toBeVisible();
    await panel(page).getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${before.length} notifications?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(items(page)).toHaveCount(before.length);

    await panel(page).getByRole('button', { name: 'Delete selected' }).click();
    await confirm.getByRole('button', { name: 'Delete All' }).click();
    await expect(toast(page, 'Selected notifications deleted successfully')).toBeVisible();
    await expect(panel(page).getByText("You're all caught up!")).toBeVisible();
    expect(await serverNotifications(request, session)).toEqual([]);
  });

  test('deletes one after confirming, and mark all as read clears the dots', async ({ page, request }) => {
    const session = await signInByApi(page, request, 'supadmin');
    const before = await serverNotifications(request, session);
    const unread = before.filter((n) => !n.read).length;
    expect(unread).toBeGreaterThan(1);
    await page.setViewportSize({ width: 1280, height: 820 });
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await openPanel(page, '/Admindashboard');
    await expect(page.locator('html')).toHaveClass(/light-mode/);

    const first = items(page).first();
    const firstText = (await first.textContent()) ?? '';
    // The server's jobs (escalations of pending demo reports) may add notifications at any moment,
    // so the deleted one is followed by identity, not by counting.
    const listed = await serverNotifications(request, session);
    const target = listed.find((n) => firstText.includes(n.message));
    expect(target).toBeDefined();
    const sameText = listed.filter((n) => n.message === target!.message).length;
    await first.hover();
    await first.getByRole('button', { name: 'Delete notification' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this notification?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Notification deleted successfully')).toBeVisible();
    await expect(items(page).filter({ hasText: target!.message })).toHaveCount(sameText - 1);
    expect((await serverNotifications(request, session)).some((n) => n._id === target!._id)).toBe(false);

    await expect(panel(page).locator('[data-unread]').first()).toBeVisible();
    await panel(page).getByRole('button', { name: 'Mark all as read' }).click();
    await expect(toast(page, 'All notifications marked as read')).toBeVisible();
    await expect(panel(page).getByTestId('new-badge')).toHaveText('0 new');
    await expect(panel(page).locator('[data-unread]')).toHaveCount(0);
  });

  test('a new incident report arrives in an open panel without a reload', async ({ page, request }) => {
    const session = await signInByApi(page, request, 'admin');
    await page.setViewportSize({ width: 1280, height: 820 });
    await openPanel(page, '/Admindashboard');
    const shown = await items(page).count();
    const badge = panel(page).getByTestId('new-badge');
    const newBefore = Number((await badge.textContent())?.split(' ')[0]);
    let requestsAfterOpen = 0;
    // Other screens may refetch on the thin incident:created event; the panel itself must not poll.
    page.on('request', (r) => {
      if (r.url().includes('/api/notifications')) requestsAfterOpen += 1;
    });

    const ticket = await reportIncident(request, { classification: 'emergency', type: 'Fire' });
    const arrived = items(page).first();
    await expect(arrived).toContainText(`EMERGENCY incident reported: Fire`);
    await expect(arrived).toContainText(ticket);
    await expect(arrived).toContainText('Just now');
    await expect(items(page)).toHaveCount(shown + 1);
    await expect(badge).toHaveText(`${newBefore + 1} new`);
    // It came over the socket: the panel asked the server for nothing.
    expect(requestsAfterOpen).toBe(0);
    expect((await serverNotifications(request, session)).some((n) => n.message.includes(ticket))).toBe(true);
  });
});
