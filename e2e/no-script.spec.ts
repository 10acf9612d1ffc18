import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { horizontalOverflow } from './page-checks.ts';

// The pages without JavaScript (docs/decisions/033-pages-without-javascript.md) on the smallest
// screen Bantay meets: a KaiOS phone, 240 × 320, scripts off as in Opera Mini's extreme mode.
// Against the demo barangay of e2e/server.mjs (Barangay San Isidro, its four puroks and hotlines).
test.use({ javaScriptEnabled: false, viewport: { width: 240, height: 320 } });

const TICKET = /^(IR|ER)-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await horizontalOverflow(page)).toEqual([]);
}

test('from the landing page, Emergency leads to a form that, sent, shows a ticket and the hotlines', async ({ page }) => {
  await page.goto('/');
  // The landing page's own Emergency card: with scripts off its address hands over to the simple page.
  await page.getByRole('link', { name: /Get help now/ }).click();
  await expect(page).toHaveURL(/\/lite\/emergency$/);
  await expect(heading(page, 'Emergency report')).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.getByLabel('Fire', { exact: true }).check();
  await page.getByLabel('Your purok').selectOption({ label: 'Purok 2 (Silangan)' });
  await page.getByLabel('Landmark').fill('Beside the basketball court');
  await page.getByRole('button', { name: 'Send emergency report' }).click();

  await expect(heading(page, 'Emergency report sent')).toBeVisible();
  await expect(page.locator('#ticket')).toHaveText(TICKET);
  await expect(page.locator('#hotlines a[href^="tel:"]').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('the report form says what is missing by each field, keeps what was typed, and its ticket can be looked up', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: /Tell us what happened/ }).click();
  await expect(page).toHaveURL(/\/lite\/report$/);
  await page.getByLabel('Landmark').fill('Gate of the elementary school');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.locator('#type-error')).toHaveText('Choose the type of incident');
  await expect(page.locator('#description-error')).toHaveText('Describe what happened');
  await expect(page.getByLabel('Landmark')).toHaveValue('Gate of the elementary school');
  await expectNoSidewaysScroll(page);

  await page.getByLabel('What happened?').selectOption({ label: 'Vandalism' });
  await page.getByLabel('Describe what happened').fill('Paint sprayed on the school wall');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(heading(page, 'Report sent')).toBeVisible();
  const ticket = (await page.locator('#ticket').textContent())!;
  expect(ticket).toMatch(TICKET);

  // The ticket lookup, from the landing page's Track a ticket card, typed in lower case.
  await page.goto('/');
  await page.getByRole('link', { name: /See what happened to your report/ }).click();
  await expect(page).toHaveURL(/\/lite\/ticket$/);
  await page.getByLabel('Ticket').fill(ticket.toLowerCase());
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.locator('#ticket')).toHaveText(ticket);
  await expect(page.locator('#status')).toHaveText('Pending');
  await expectNoSidewaysScroll(page);
});
