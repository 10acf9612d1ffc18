import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { test, expect, signInByApi, DEMO_PASSWORD, toast } from './fixtures.ts';
import { reportIncident } from './public-api.ts';

// The blotter (docs/decisions/026-the-blotter.md): an admin records an entry from a resolved
// incident ("Record in blotter", prefilled from the report, the timeline and the resolution log)
// and prints its certified copy.

async function login(request: APIRequestContext, username: string): Promise<{ token: string; userId: string }> {
  const response = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return response.json();
}

/** A new report, assigned to a demo tanod free to take it, and resolved by them with a log. */
async function resolvedIncident(request: APIRequestContext, log: string): Promise<{ id: string; ticket: string }> {
  const ticket = await reportIncident(request, { type: 'Noise disturbance', description: `Videoke past midnight on Mabini St. (${Date.now()}).` });
  const admin = await login(request, 'admin');
  const headers = { authorization: `Bearer ${admin.token}` };
  const id: string = (await (await request.get(`/api/incidents?q=${ticket}`, { headers })).json()).items[0]._id;
  for (const username of ['tanod5', 'tanod4', 'tanod3', 'tanod2', 'tanod1']) {
    const tanod = await login(request, username);
    const assigned = await request.post(`/api/incidents/${id}/assign`, { headers, data: { tanodId: tanod.userId } });
    if (!assigned.ok()) {
      expect(assigned.status()).toBe(409);
      continue;
    }
    const resolved = await request.post(`/api/incidents/${id}/resolve`, { headers: { authorization: `Bearer ${tanod.token}` }, data: { log } });
    expect(resolved.ok()).toBe(true);
    return { id, ticket };
  }
  throw new Error('every demo tanod holds an incident');
}

test('an admin records a blotter entry from a resolved incident and prints its certified copy', async ({ page, request }) => {
  test.setTimeout(90_000);
  const log = `The owner lowered the volume and apologised to the neighbours (${Date.now()}).`;
  const { id, ticket } = await resolvedIncident(request, log);
  await signInByApi(page, page.request, 'admin');
  await page.goto(`/Patrol&incidenttracking?incident=${id}`);

  const drawer = page.getByRole('dialog', { name: new RegExp(ticket) });
  await drawer.getByRole('link', { name: 'Record in blotter' }).click();
  await expect(page).toHaveURL(/tab=blotter/);
  const form = page.getByRole('dialog', { name: 'Record in blotter' });
  await expect(form).toContainText(`Prefilled from incident ${ticket}`);
  // The report, the timeline and the resolution log are in the form.
  await expect(form.getByLabel('Nature')).toHaveValue('Noise disturbance');
  await expect(form.getByLabel('Narrative')).toHaveValue(/Videoke past midnight on Mabini St\./);
  await expect(form.getByLabel('Narrative')).toHaveValue(/Timeline:[\s\S]*Resolved by/);
  await expect(form.getByLabel('Action taken')).toHaveValue(new RegExp(log.replace(/[.()]/g, '\\$&')));
  // The report was anonymous: the admin names the complainant who came to the hall.
  await form.getByLabel('Name 1').fill('Rosa Mendoza');
  await form.getByRole('button', { name: 'Record entry' }).click();

  const entry = page.getByRole('dialog', { name: /^Blotter entry \d{4}-\d{4,}$/ });
  await expect(entry).toBeVisible();
  const number = (await entry.getByRole('heading').first().innerText()).match(/\d{4}-\d{4,}/)![0];
  await expect(toast(page, `Recorded as blotter entry ${number}`)).toBeVisible();
  await expect(entry).toContainText(`From incident ${ticket}`);
  await expect(entry).toContainText('Rosa Mendoza');

  const downloading = page.waitForEvent('download');
  await entry.getByRole('button', { name: 'Print certified copy' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`blotter-${number}-certified.pdf`);
  const pdf = fs.readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // The entry is listed and found by its number.
  await entry.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('searchbox', { name: 'Search by number, name or place' }).fill(number);
  await expect(page.getByTestId('blotter-table').locator(`tr[data-number="${number}"]`)).toContainText('Noise disturbance');
});
