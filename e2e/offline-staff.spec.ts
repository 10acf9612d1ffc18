import type { Page } from '@playwright/test';
import { expect, loanNames, signInByApi, test, toast } from './fixtures.ts';

// A staff page reloaded with no connection (decision 020): the data this phone kept, under the
// offline banner, instead of the sign-in page; the session is checked when the connection returns.
// In Chromium with its service worker, allowed here (the config blocks it elsewhere).
test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });

const KEPT_NOTE = 'You see what this phone saved when you were last online. Your sign-in is checked when the connection returns.';

async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** What lib/staff-cache.ts keeps on this phone: per account, the query cache's answers (their hashes, the ones it holds an answer for). */
function keptPages(page: Page): Promise<{ userId: string; answered: string[] }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const opening = indexedDB.open('bantay-staff-cache');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('accounts')) return resolve([]);
          const all = db.transaction('accounts').objectStore('accounts').getAll();
          all.onsuccess = () => {
            type Kept = { userId: string; queries?: { queries: { queryHash: string; state: { status: string } }[] } };
            resolve(
              (all.result as Kept[]).map((kept) => ({
                userId: kept.userId,
                answered: (kept.queries?.queries ?? []).filter((query) => query.state.status === 'success').map((query) => query.queryHash),
              })),
            );
            db.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

test('a staff page reloaded offline shows its kept data under the banner; the session is checked when the connection returns', async ({
  page,
  context,
  request,
}, testInfo) => {
  const tanod = await signInByApi(page, request, 'tanod1');
  await page.goto('/Dashboard');
  await serviceWorkerInControl(page);
  // A second visit, as every shift after the first: the worker now sees the staff code load and keeps it.
  await page.reload();
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('bantay-code')).keys()).some((key) => key.url.includes('/assets/'))))
    .toBe(true);
  const loans = page.getByTestId('tanod-loans');
  // Its answer shown (tanod1 holds two loans in the demo), not "Loading…": the card always has its heading.
  await expect(loans.getByRole('listitem').first()).toBeVisible();
  await expect(loans.getByRole('heading', { name: 'Borrowed equipment' })).toBeVisible();
  const names = await loanNames(page).allTextContents();
  expect(names).toHaveLength(2);
  // The answers are kept on this phone, for this account only: the dashboard's among them (the copy
  // is written at most every 2 s, so one written before the dashboard's answer came lacks it).
  await expect
    .poll(async () => (await keptPages(page)).filter((kept) => kept.userId === tanod.userId && kept.answered.includes('["dashboard","tanod"]')).length)
    .toBe(1);

  await context.setOffline(true);
  const banner = page.getByTestId('offline-banner');
  for (const [width, theme] of [
    [375, 'light'],
    [375, 'dark'],
    [1280, 'light'],
    [1280, 'dark'],
  ] as const) {
    await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
    await page.setViewportSize({ width, height: 800 });
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(page).toHaveURL(/\/Dashboard$/);
    await expect(banner).toContainText(KEPT_NOTE);
    await expect(loanNames(page)).toHaveText(names);
    await expect(page.getByRole('heading', { name: /sign in/i })).toHaveCount(0);
    await expect(page.getByTestId('error-screen')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`offline-banner-${width}-${theme}.png`) });
  }

  // The connection returns with the session still valid: checked, and the banner goes.
  const checked = page.waitForResponse((response) => response.url().endsWith('/api/auth/me') && response.status() === 200);
  await context.setOffline(false);
  await checked;
  await expect(banner).toBeHidden({ timeout: 15_000 });
  await expect(loanNames(page)).toHaveText(names);

  // Offline again, and meanwhile the session ended elsewhere: back online, the check signs out as ever,
  // and nothing of the account stays on the phone.
  await context.setOffline(true);
  await page.reload();
  await expect(banner).toContainText(KEPT_NOTE);
  const ended = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${tanod.token}` } });
  expect(ended.ok()).toBe(true);
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/tanod-login/, { timeout: 15_000 });
  await expect(toast(page, 'Session expired. Please log in again.')).toBeVisible();
  await expect.poll(() => keptPages(page)).toEqual([]);
});
