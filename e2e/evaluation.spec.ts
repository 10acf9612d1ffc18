import type { Locator, Page } from '@playwright/test';
import { expect, storeLocally, test } from './fixtures.ts';

// The public evaluation page on a phone (docs/product.md §4.9), against the demo data of e2e/server.mjs:
// tanod1…tanod5 with directory ratings, and demo reports in every state.
test.use({ viewport: { width: 375, height: 780 } });

const DEMO_TANODS = ['Juan Dela Cruz', 'Maricel Reyes', 'Andres Mendoza', 'Rowena Garcia', 'Paolo Aquino'];

const card = (page: Page, name: string) => page.getByTestId('tanod-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const commentBox = (scope: Locator) => scope.getByRole('textbox', { name: /Your comment/ });
// Solving the proof-of-work bot-check takes a moment on a busy machine.
const SOLVE_TIMEOUT = 20_000;

/** The average ("4.7") and count ("3 ratings") a card shows. */
async function summaryOf(tanodCard: Locator): Promise<{ average: string; count: number }> {
  const text = (await tanodCard.getByTestId('tanod-rating').textContent()) ?? '';
  const match = /(\d\.\d)\s*\((\d+) ratings?\)/.exec(text);
  if (!match) throw new Error(`no rating summary in "${text}"`);
  return { average: match[1]!, count: Number(match[2]) };
}

test.describe('rating a tanod from the directory', () => {
  test('someone without an account finds a tanod by name, is told the comment is missing, rates them, and sees the thank-you and the new average, count and comment', async ({
    page,
  }) => {
    await page.goto('/Tanodevaluation');
    await expect(page.getByRole('heading', { name: 'Rate our tanods', level: 1 })).toBeVisible();
    for (const name of DEMO_TANODS) await expect(card(page, name)).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Search tanods by name' });
    await search.fill('zzz');
    await expect(page.getByText('No tanods match “zzz”')).toBeVisible();
    await search.fill('aquino');
    await expect(page.getByTestId('tanod-card')).toHaveCount(1);
    const paolo = card(page, 'Paolo Aquino');
    await expect(paolo).toBeVisible();

    const before = await summaryOf(paolo);
    await expect(paolo.getByRole('img', { name: `${before.average} out of 5` })).toBeVisible();
    // Averages travel with one decimal, so the shown one allows a few sums of stars (the demo's 90
    // days of history give each tanod dozens of ratings); a 2-star rating makes each of them one of these.
    const average = Number(before.average);
    const sums = [];
    for (let sum = Math.ceil((average - 0.05) * before.count); sum <= Math.floor((average + 0.05) * before.count); sum += 1) sums.push(sum);
    const expectedAverages = [...new Set(sums.map((sum) => ((sum + 2) / (before.count + 1)).toFixed(1)))];
    const expectedAverage = new RegExp(`^(${expectedAverages.map((value) => value.replace('.', '\\.')).join('|')}) out of 5$`);

    await paolo.getByRole('button', { name: 'Rate Paolo Aquino' }).click();
    const form = dialog(page, 'Rate Paolo Aquino');
    await expect(form).toBeVisible();
    // Focus starts on the rating group; Tab enters the stars, the arrow keys choose, Tab leaves.
    await expect(form.getByRole('group', { name: /Your rating/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.getByRole('radio', { name: '1 star, Poor' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: '2 stars, Fair' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(commentBox(form)).toBeFocused();

    await form.getByRole('button', { name: 'Send rating' }).click();
    await expect(commentBox(form)).toHaveAttribute('aria-invalid', 'true');
    await expect(commentBox(form)).toHaveAccessibleDescription(/Write a comment/);
    await expect(commentBox(form)).toBeFocused();

    const comment = `Medyo natagalan pero magalang (${Date.now()})`;
    await commentBox(form).fill(comment);
    await expect(form.getByText(`${comment.length} / 500`)).toBeVisible();
    await form.getByRole('textbox', { name: 'Your name (optional)' }).fill('Aling Remy');
    await form.getByRole('button', { name: 'Send rating' }).click();
    await expect(form.getByText('Thank you for your feedback!')).toBeVisible({ timeout: SOLVE_TIMEOUT });
    await expect(form.getByText('Your 2-star rating for Paolo Aquino was sent.', { exact: false })).toBeVisible();
    await form.getByRole('button', { name: 'Done' }).click();
    await expect(form).toBeHidden();
    await expect(paolo.getByRole('button', { name: 'Rate Paolo Aquino' })).toBeFocused();

    // The directory reads the server again: new average, count, and the comment on top.
    await expect(paolo.getByTestId('tanod-rating')).toContainText(`(${before.count + 1} ratings)`);
    await expect(paolo.getByRole('img', { name: expectedAverage })).toBeVisible();
    const newest = paolo.getByTestId('tanod-comment').first();
    await expect(newest).toContainText(comment);
    await expect(newest).toContainText('Aling Remy');
    await expect(newest).toContainText('Today');

    // The same browser (same device id), even after a reload, is refused by the server.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search tanods by name' }).fill('paolo');
    await card(page, 'Paolo Aquino').getByRole('button', { name: 'Rate Paolo Aquino' }).click();
    const again = dialog(page, 'Rate Paolo Aquino');
    await again.getByRole('radio', { name: '5 stars, Excellent' }).check({ force: true });
    await commentBox(again).fill('Once more');
    await again.getByRole('button', { name: 'Send rating' }).click();
    await expect(again.getByRole('alert')).toHaveText('You already rated Paolo in the last 30 days. Thank you for your feedback!', {
      timeout: SOLVE_TIMEOUT,
    });
    await expect(again.getByRole('button', { name: 'Send rating' })).toHaveCount(0);
    await again.getByRole('button', { name: 'Back to the list' }).click();
    await expect(again).toBeHidden();
    await expect(card(page, 'Paolo Aquino').getByTestId('tanod-rating')).toContainText(`(${before.count + 1} ratings)`);
  });

  test('a signed-in resident rates with their name prefilled, and counts as one rater on any device', async ({ page, request }) => {
    const login = await request.post('/api/residents/login', { data: { phoneNumber: '+639170000001', pin: '482916' } });
    expect(login.ok()).toBe(true);
    const session = (await login.json()) as { token: string; userType: string };
    expect(session.userType).toBe('resident');
    await storeLocally(page, { token: session.token, userType: session.userType });
    await page.goto('/Tanodevaluation');

    const rowena = card(page, 'Rowena Garcia');
    await rowena.getByRole('button', { name: 'Rate Rowena Garcia' }).click();
    const form = dialog(page, 'Rate Rowena Garcia');
    await expect(form.getByRole('textbox', { name: 'Your name (optional)' })).toHaveValue('Lorna Ramos');
    await form.getByRole('radio', { name: '4 stars, Very good' }).check({ force: true });
    await commentBox(form).fill('Maayos makipag-usap sa mga residente.');
    await form.getByRole('button', { name: 'Send rating' }).click();
    await expect(form.getByText('Thank you for your feedback!')).toBeVisible({ timeout: SOLVE_TIMEOUT });
    await form.getByRole('button', { name: 'Done' }).click();
    await expect(rowena.getByTestId('tanod-comment').first()).toContainText('Lorna Ramos');

    // A new device id does not help: the server counts the resident.
    await page.evaluate(() => localStorage.removeItem('deviceId'));
    await page.reload();
    await card(page, 'Rowena Garcia').getByRole('button', { name: 'Rate Rowena Garcia' }).click();
    const again = dialog(page, 'Rate Rowena Garcia');
    await again.getByRole('radio', { name: '5 stars, Excellent' }).check({ force: true });
    await commentBox(again).fill('Second try from another device');
    await again.getByRole('button', { name: 'Send rating' }).click();
    await expect(again.getByRole('alert')).toHaveText(/You already rated Rowena in the last 30 days/, { timeout: SOLVE_TIMEOUT });
  });
});

test('when the list cannot be loaded the page says so, and Try again loads it', async ({ page }) => {
  let failures = 0;
  await page.route('**/api/public/tanods', async (route) => {
    if (failures === 0) {
      failures += 1;
      await route.abort('internetdisconnected');
    } else {
      await route.continue();
    }
  });
  await page.goto('/Tanodevaluation');
  await expect(page.getByRole('alert')).toContainText('Cannot reach the server. Check your connection.');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(card(page, 'Juan Dela Cruz')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test.describe('rating the responder of a report', () => {
  test('reports that cannot be rated say why: still pending, already rated, unknown', async ({ page }) => {
    await page.goto('/Tanodevaluation?ticket=IR-7K3F-9QXM');
    await expect(page.getByTestId('ticket-refusal')).toHaveText(/Report IR-7K3F-9QXM is still waiting for a tanod\. You can rate the tanod who responds once the report is resolved\./);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The directory stays usable below.
    await expect(card(page, 'Juan Dela Cruz')).toBeVisible();

    await page.goto('/Tanodevaluation?ticket=IR-9PZD-6KEC');
    await expect(page.getByTestId('ticket-refusal')).toHaveText(/Report IR-9PZD-6KEC was already rated/);

    await page.goto('/Tanodevaluation?ticket=IR-2345-6789');
    await expect(page.getByTestId('ticket-refusal')).toHaveText('No report has the ticket IR-2345-6789. Check the ticket and try again.');
  });

  test('a resolved report opens the form for its responder, is rated once, and the rating shows in the directory', async ({ page }) => {
    await page.goto('/Tanodevaluation');
    const juan = card(page, 'Juan Dela Cruz');
    const before = await summaryOf(juan);

    // IR-4BZN-6TDE: resolved by tanod1 (Juan) and not rated in the demo data. Case does not matter.
    await page.goto('/Tanodevaluation?ticket=ir-4bzn-6tde');
    const form = dialog(page, 'Rate Juan');
    await expect(form).toBeVisible();
    await expect(form).toContainText('Juan responded to your report IR-4BZN-6TDE.');
    await expect(form.getByRole('radio', { name: 'Anonymous' })).toHaveCount(0);
    await form.getByRole('radio', { name: '5 stars, Excellent' }).check({ force: true });
    const comment = `Naibalik ang sampay namin, salamat! (${Date.now()})`;
    await commentBox(form).fill(comment);
    await form.getByRole('button', { name: 'Send rating' }).click();
    await expect(form.getByText('Thank you for your feedback!')).toBeVisible();
    await form.getByRole('button', { name: 'Done' }).click();
    await expect(form).toBeHidden();

    await expect(page.getByText('Thank you! Your rating for report IR-4BZN-6TDE was recorded.')).toBeVisible();
    await expect(juan.getByTestId('tanod-rating')).toContainText(`(${before.count + 1} ratings)`);
    await expect(juan.getByTestId('tanod-comment').first()).toContainText(comment);
    await expect(juan.getByTestId('tanod-comment').first()).toContainText('Anonymous');

    // Once per ticket: the link now explains instead of opening the form.
    await page.reload();
    await expect(page.getByTestId('ticket-refusal')).toHaveText(/Report IR-4BZN-6TDE was already rated/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
