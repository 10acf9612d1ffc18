import type { APIRequestContext } from '@playwright/test';
import { test, expect, signInByApi, toast, DEMO_PASSWORD } from './fixtures.ts';

// Advisories and the privacy notice (docs/decisions/028-advisories-and-privacy.md).

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

test('an admin publishes an advisory and a visitor sees it at the top of the landing page, in both themes', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const title = `Flood warning ${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1280, height: 820 });
  await signInByApi(page, page.context().request, 'admin');
  await page.goto('/ManagePatrolschedules?tab=advisories');
  const manager = page.getByTestId('advisories-manager');
  await expect(manager.getByRole('heading', { name: 'Advisories' })).toBeVisible();
  await manager.getByRole('button', { name: 'New advisory' }).click();
  const form = manager.getByRole('form', { name: 'New advisory' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('What residents should know').fill('The creek is rising.\nMove to the covered court if your street floods.');
  await form.getByLabel('Severity').selectOption('danger');
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Advisory published')).toBeVisible();
  const row = manager.locator('li', { hasText: title });
  await expect(row.getByText('On the home page')).toBeVisible();

  for (const colorScheme of ['light', 'dark'] as const) {
    const visitor = await browser.newContext({ viewport: { width: 375, height: 740 }, colorScheme });
    const home = await visitor.newPage();
    await home.goto('/');
    const banner = home.getByRole('region', { name: 'Advisories' });
    const card = banner.locator('article', { hasText: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Danger');
    await expect(card).toContainText('Move to the covered court if your street floods.');
    // Above the fold on a phone: the advisory starts within the first screen.
    const box = await card.boundingBox();
    expect(box && box.y < 740).toBe(true);
    // Painted by the server: the very first HTML has it, before any script runs.
    const html = await (await home.request.get('/')).text();
    expect(html).toContain(title);
    // Leaving the landing page in the app hides it; coming back shows it again.
    await home.getByRole('link', { name: /Report an incident/ }).click();
    await expect(home).toHaveURL(/\/Reportincidents$/);
    await expect(banner).toBeHidden();
    await home.goBack();
    await expect(card).toBeVisible();
    await visitor.close();
  }

  // Ended now, it leaves the landing page.
  await row.getByRole('button', { name: `End ${title} now` }).click();
  await expect(toast(page, 'The advisory has ended')).toBeVisible();
  await expect(row.getByText('Ended')).toBeVisible();
  const list = (await (await request.get('/api/public/advisories')).json()) as { items: { title: string }[] };
  expect(list.items.map((item) => item.title)).not.toContain(title);

  // Clean up for the other specs' landing page.
  const token = await adminToken(request);
  const all = (await (await request.get('/api/advisories', { headers: { authorization: `Bearer ${token}` } })).json()) as { items: { _id: string; title: string }[] };
  for (const item of all.items.filter((advisory) => advisory.title === title)) {
    expect((await request.delete(`/api/advisories/${item._id}`, { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);
  }
});

test("the privacy notice opens from the report wizard's one-line notice and names the data protection officer", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/Reportincidents');
  const notice = page.getByTestId('privacy-notice-line');
  await expect(notice).toContainText('used only to handle it');
  await notice.getByRole('link', { name: 'Privacy notice' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Privacy notice', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How long we keep it' })).toBeVisible();
  await expect(page.getByText(/erased one year after the report is closed/)).toBeVisible();
  await expect(page.getByTestId('privacy-dpo')).not.toHaveText('Loading…');
});
