import { expect, test, signInByApi } from './fixtures.ts';

/**
 * A tanod puts their shifts in their phone's calendar from the Schedule page
 * (docs/decisions/034-the-integration-kit.md, "Calendar feeds"), and stops it again.
 */
test('a tanod adds their shifts to their phone calendar, the address serves them, and after Stop the feed it answers 404', async ({ page, request }) => {
  await signInByApi(page, request, 'tanod3');
  await page.goto('/Schedule');
  const panel = page.getByRole('region', { name: "Your shifts in your phone's calendar" });
  await panel.getByRole('button', { name: /Add to my phone's calendar|Make a new address/ }).click();

  const address = panel.getByLabel('Calendar address (keep it to yourself)');
  await expect(address).toHaveValue(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await address.inputValue();
  await expect(panel.getByRole('link', { name: 'Open in my calendar' })).toHaveAttribute('href', url.replace(/^https?:/, 'webcal:'));

  // Read as a calendar app reads it: the address alone, no session.
  const feed = await request.get(new URL(url).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const body = await feed.text();
  expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
  // The demo's fortnight of schedules gives every tanod shifts, each with its 30-minute reminder.
  expect(body).toMatch(/BEGIN:VEVENT\r\n[\s\S]*TRIGGER:-PT30M/);

  await page.reload();
  await expect(panel.getByText(/Your calendar feed has been on since/)).toBeVisible();
  await panel.getByRole('button', { name: 'Stop the feed' }).click();
  await page.locator('dialog[data-confirm-dialog]').getByRole('button', { name: 'Stop the feed' }).click();
  await expect(panel.getByRole('button', { name: "Add to my phone's calendar" })).toBeVisible();
  expect((await request.get(new URL(url).pathname)).status()).toBe(404);
});
