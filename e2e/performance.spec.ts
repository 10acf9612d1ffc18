import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signInByApi, storeLocally, DEMO_PASSWORD, type SignedIn } from './fixtures.ts';
import { reportIncident } from './public-api.ts';

// A tanod's /Performance (docs/product.md §4.10) shows figures the server computed from what the
// tanod did (made here through the API), and an admin downloads the performance report after
// re-entering their password, with the server's refusal shown in the dialog when it is wrong.

const NEW_PASSWORD = 'Kalamansi-Ronda-2031';

async function login(request: APIRequestContext, username: string, password: string): Promise<SignedIn> {
  const response = await request.post('/api/auth/login', { data: { username, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as SignedIn;
}

const bearer = (session: SignedIn) => ({ authorization: `Bearer ${session.token}` });

/** A brand-new tanod (so every figure is this test's own), signed in with their own password. */
async function newTanod(request: APIRequestContext): Promise<{ session: SignedIn; name: string }> {
  const admin = await login(request, 'admin', DEMO_PASSWORD);
  const username = `perf${Date.now().toString(36)}`;
  const created = await request.post('/api/users', {
    headers: bearer(admin),
    data: { firstName: 'Ligaya', lastName: 'Ronda', username },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { oneTimePassword } = (await created.json()) as { oneTimePassword: string };
  const first = await login(request, username, oneTimePassword);
  const changed = await request.post('/api/account/password', {
    headers: bearer(first),
    data: { currentPassword: oneTimePassword, newPassword: NEW_PASSWORD },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  return { session: await login(request, username, NEW_PASSWORD), name: 'Ligaya Ronda' };
}

async function useSession(page: Page, session: SignedIn): Promise<void> {
  await storeLocally(page, { token: session.token, userType: session.userType, userId: session.userId });
}

/** A resident reports; the tanod responds and resolves it, all through the API. */
async function respondAndResolve(request: APIRequestContext, session: SignedIn, description: string): Promise<void> {
  const ticket = await reportIncident(request, { description });
  const found = await request.get(`/api/incidents?q=${encodeURIComponent(ticket)}`, { headers: bearer(session) });
  expect(found.ok(), await found.text()).toBe(true);
  const incident = ((await found.json()) as { items: { _id: string; ticket: string }[] }).items.find(
    (item) => item.ticket === ticket,
  )!;
  expect(incident).toBeTruthy();
  const responded = await request.post(`/api/incidents/${incident._id}/respond`, { headers: bearer(session) });
  expect(responded.ok(), await responded.text()).toBe(true);
  const resolved = await request.post(`/api/incidents/${incident._id}/resolve`, {
    headers: bearer(session),
    data: { log: 'Pinaghiwalay ang dalawa at dinala sa barangay hall para sa lupon.' },
  });
  expect(resolved.ok(), await resolved.text()).toBe(true);
}

test('a tanod opens /Performance on a phone and sees the incident they responded to and resolved', async ({
  page,
  request,
}) => {
  const { session } = await newTanod(request);

  await respondAndResolve(request, session, 'Nag-aaway sa kanto ng Mabini, may hawak na bote.');

  await page.setViewportSize({ width: 375, height: 780 });
  await useSession(page, session);
  await page.goto('/Performance');
  await expect(page.getByRole('heading', { name: 'Performance' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
  await expect(page.getByTestId('figure-incidents')).toContainText('1 / 1');
  await expect(page.getByTestId('figure-rank')).toContainText(/(\d+|Tied \d+(st|nd|rd|th)) of \d+/);
  await expect(page.getByTestId('figure-response')).not.toContainText('—');
  // No shifts were scheduled for this tanod: the rate is missing, not zero.
  await expect(page.getByTestId('figure-attendance')).toContainText('No past shifts scheduled');
  // The charts arrive with their own code, after the figures.
  await expect(page.getByTestId('chart-incidents')).toContainText('1 responded and 1 resolved in this period.');
  await expect(page.getByTestId('chart-incidents').locator('.recharts-bar-rectangle').first()).toBeVisible();

  // Another period is asked of the server; a custom one is checked before it is asked.
  await page.getByText('Year', { exact: true }).click();
  await expect(page.getByTestId('period-label')).toHaveText(/^\d{4}$/);
  await expect(page.getByTestId('figure-incidents')).toContainText('1 / 1');
  await page.getByText('Custom', { exact: true }).click();
  await page.getByLabel('From', { exact: true }).fill('2026-02-10');
  await page.getByLabel('To', { exact: true }).fill('2026-02-01');
  await expect(page.getByText('to must not be before from')).toBeVisible();
});

test('the figures follow the work live: an incident resolved while /Performance is open counts at once', async ({
  page,
  request,
}) => {
  const { session } = await newTanod(request);
  await respondAndResolve(request, session, 'Maingay na videoke lampas alas-diyes sa Purok 3.');
  await useSession(page, session);
  await page.goto('/Performance');
  await expect(page.getByTestId('figure-incidents')).toContainText('1 / 1');

  // The figures are a minute fresh by themselves: only the socket's incident events refetch them sooner.
  await respondAndResolve(request, session, 'May nakaparadang kotse na humaharang sa daan papuntang eskwela.');
  await expect(page.getByTestId('figure-incidents')).toContainText('2 / 2');
  await expect(page.getByTestId('chart-incidents')).toContainText('2 responded and 2 resolved in this period.');
});

test('an admin ranks every tanod, is refused the report with a wrong password, and downloads the PDF with the right one', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await signInByApi(page, request, 'admin');
  await page.goto('/ManageTanod?tab=performance');
  const table = page.getByTestId('performance-table');
  await expect(table.getByTestId('performance-row').first()).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Rank' })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('searchbox', { name: 'Search tanods by name' }).fill('Maricel');
  await expect(table.getByTestId('performance-row')).toHaveCount(1);
  await expect(table.getByTestId('performance-row')).toContainText('Maricel Reyes');
  await page.getByRole('searchbox', { name: 'Search tanods by name' }).fill('');

  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Performance report' });
  await expect(dialog.getByLabel('Tanod', { exact: true })).toHaveValue('');
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  // The server's refusal, next to the field, which is emptied and focused for another try.
  await expect(dialog.getByText('Your password is incorrect')).toBeVisible();
  await expect(dialog.getByLabel('Your password')).toHaveValue('');
  await expect(dialog.getByLabel('Your password')).toBeFocused();

  await dialog.getByLabel('Your password').fill(DEMO_PASSWORD);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  await expect(dialog).toBeHidden();
});
