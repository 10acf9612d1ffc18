import type { APIRequestContext } from '@playwright/test';
import { test, expect, signInByApi, toast, DEMO_PASSWORD } from './fixtures.ts';
import { reportIncident } from './public-api.ts';

// Confidential cases (docs/decisions/027-confidential-cases.md) against the demo data of
// e2e/server.mjs, whose settings mark "Violence against women or children" confidential.

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function tanodSees(request: APIRequestContext, token: string, ticket: string): Promise<boolean> {
  const response = await request.get(`/api/incidents?q=${encodeURIComponent(ticket)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: unknown[] }).items.length > 0;
}

test('an admin marks a report confidential from its drawer: the list shows the lock, tanods lose it, its ticket shows only the status', async ({ page, request }) => {
  test.setTimeout(90_000);
  const ticket = await reportIncident(request, { type: 'Noise disturbance', description: 'Shouting and crying next door, every night.' });
  const tanodToken = await tokenOf(request, 'tanod5');
  expect(await tanodSees(request, tanodToken, ticket)).toBe(true);

  await page.setViewportSize({ width: 1280, height: 820 });
  await signInByApi(page, page.context().request, 'admin');
  await page.goto('/Patrol&incidenttracking');
  await expect(page.getByTestId('incident-table')).toBeVisible({ timeout: 30_000 });
  const row = page.getByTestId('incident-table').locator(`tr[data-ticket="${ticket}"]`);
  await row.getByRole('button', { name: ticket }).click();
  const drawer = page.getByTestId('incident-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Confidential', { exact: true })).toHaveCount(0);

  await drawer.getByTestId('confidential-toggle').click();
  const confirm = page.locator('dialog[data-confirm-dialog][open]');
  await expect(confirm).toContainText(`Mark ${ticket} confidential?`);
  await confirm.getByRole('button', { name: 'Mark confidential' }).click();
  await expect(toast(page, `${ticket} is now confidential`)).toBeVisible();
  await expect(drawer.getByText('Confidential', { exact: true })).toBeVisible();
  await expect(row.getByText('Confidential', { exact: true })).toBeVisible();

  expect(await tanodSees(request, tanodToken, ticket)).toBe(false);
  const publicTicket = await (await request.get(`/api/public/tickets/${ticket}`)).json();
  expect(publicTicket).toMatchObject({ confidential: true, type: 'Confidential report', location: { address: null, landmark: null, approximate: null } });
  expect(JSON.stringify(publicTicket)).not.toContain('Noise');

  // And back: the tanod finds it again.
  await drawer.getByTestId('confidential-toggle').click();
  await confirm.getByRole('button', { name: 'Make not confidential' }).click();
  await expect(toast(page, `${ticket} is no longer confidential`)).toBeVisible();
  await expect(row.getByText('Confidential', { exact: true })).toHaveCount(0);
  expect(await tanodSees(request, tanodToken, ticket)).toBe(true);
});

test('a report of the confidential type arrives confidential: admins see the lock, no tanod sees it', async ({ page, request }) => {
  const ticket = await reportIncident(request, { type: 'Violence against women or children', classification: 'emergency', description: 'My neighbour is hitting his wife.' });
  expect(await tanodSees(request, await tokenOf(request, 'tanod5'), ticket)).toBe(false);
  await page.setViewportSize({ width: 375, height: 780 });
  await signInByApi(page, page.context().request, 'admin');
  await page.goto('/Patrol&incidenttracking');
  // On a phone the list is cards; the page's chunk may take a while on a busy machine.
  await expect(page.getByTestId('incident-cards')).toBeVisible({ timeout: 30_000 });
  const card = page.getByTestId('incident-cards').locator(`button[data-ticket="${ticket}"]`);
  await expect(card.getByText('Confidential', { exact: true })).toBeVisible();
});
