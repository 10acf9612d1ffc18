import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, signInByForm, test } from './fixtures.ts';
import { englishLeft, say, useLanguage } from './catalogue.ts';
import { horizontalOverflow } from './page-checks.ts';

// The public pages in Filipino (docs/product.md §12), on a phone in both themes: nothing scrolls
// sideways with the longer words, and no English from the catalogue is left on screen. Then the
// language switch, as a person uses it: kept across a reload and a sign-in, on the account, and
// the server's own answers in it. The staff pages' Filipino walk is in staff-walk.spec.ts.

const SHOTS = process.env.E2E_SHOTS;
const t = (english: string) => say('fil', english);

const PUBLIC_PAGES = [
  '/',
  '/Reportincidents',
  '/Reportincidents?track=1',
  '/Tanodevaluation',
  '/signup',
  '/resident-signup',
  '/tanod-login',
  '/forgot-password',
  '/privacy',
  '/no-such-page',
];

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
}

test('every public page reads in Filipino and fits a phone, in both themes', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, colorScheme });
    await useLanguage(context, baseURL!, 'fil');
    const page = await context.newPage();
    for (const address of PUBLIC_PAGES) {
      await page.goto(address);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
      await expect(page.locator('main')).toBeVisible();
      await settled(page);
      for (const text of await englishLeft(page)) problems.push(`${address} (${colorScheme}): English left: "${text}"`);
      for (const line of await horizontalOverflow(page)) problems.push(`${address} (${colorScheme}): ${line}`);
      if (SHOTS) {
        fs.mkdirSync(SHOTS, { recursive: true });
        const name = `public-${address.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'landing'}-${colorScheme}.png`;
        await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
      }
    }
    await context.close();
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

test('the language switch is kept across a reload and a sign-in, on the account too, and the server answers in it', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const username = 'tanod3';
  try {
    // An English browser: the app starts in English and the switch offers Filipino.
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Switch to Filipino' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await expect(page.getByRole('button', { name: t('Switch to English') })).toBeVisible();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await expect(page.getByRole('button', { name: t('Switch to English') })).toBeVisible();

    // The server's refusal comes in Filipino; its code stays English.
    await page.goto('/tanod-login');
    await page.getByLabel(t('Username or email')).fill(username);
    await page.getByLabel(t('Password'), { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: t('Sign in') }).click();
    await expect(page.getByText(t('Incorrect username or password'))).toBeVisible();

    // Signed in, the staff pages are in Filipino too, and the account keeps the choice.
    await page.getByLabel(t('Password'), { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: t('Sign in') }).click();
    await expect(page).toHaveURL(/\/Dashboard$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await expect(page.locator('#page-title')).toBeVisible();
    expect(await englishLeft(page)).toEqual([]);

    // Another phone, in English, with no choice of its own: the sign-in brings the account's Filipino.
    const other = await browser.newContext({ locale: 'en-US' });
    const phone = await other.newPage();
    await phone.goto('/tanod-login');
    await expect(phone.locator('html')).toHaveAttribute('lang', 'en');
    await signInByForm(phone, username);
    await expect(phone).toHaveURL(/\/Dashboard$/);
    await expect(phone.locator('html')).toHaveAttribute('lang', 'fil');
    await other.close();
  } finally {
    // The other specs sign this tanod in and read English.
    const login = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
    const { token } = (await login.json()) as { token: string };
    const reset = await request.put('/api/account/language', {
      headers: { Authorization: `Bearer ${token}` },
      data: { language: 'en' },
    });
    expect(reset.ok()).toBe(true);
  }
});
