import type { Page, Route } from '@playwright/test';
import { expect, signInByApi, signInByForm, test, toast } from './fixtures.ts';

// Session state that outlives the page that set it, and tabs that share one session.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * Signs in through the form and leaves the page inside the logging-in second, before its timer
 * could clear the flag: the session check of the sign-in is held, so the flag is certainly set and
 * its timer not yet started when the next page opens (a reload, a closed tab or a link opened at
 * once all leave exactly this behind). Returns the session's token.
 */
async function signInAndLeaveAtOnce(page: Page, username: string, next: string): Promise<string> {
  let held: Route | null = null;
  await page.route('**/api/auth/me', async (route) => {
    if (held) return route.continue();
    held = route;
  });
  await page.goto('/tanod-login');
  await signInByForm(page, username);
  await expect.poll(() => held !== null).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('isCurrentlyLoggingIn'))).not.toBeNull();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  await page.goto(next);
  await (held as Route | null)?.abort().catch(() => undefined);
  return token!;
}

test.describe('a sign-in left within its first second', () => {
  test('the dashboard opened at once shows with the layout, and so does a reload', async ({ page }) => {
    await signInAndLeaveAtOnce(page, 'tanod1', '/Dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByTestId('signed-in-user')).toContainText('Juan Dela Cruz');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await page.reload();
    await expect(nav(page).getByRole('link', { name: 'Schedule' })).toBeVisible();
    await expect(page.getByTestId('signed-in-user')).toContainText('Juan Dela Cruz');
  });

  test('a tanod opening an admin page gets the permission toast and is sent home', async ({ page }) => {
    await signInAndLeaveAtOnce(page, 'tanod1', '/Admindashboard');
    await expect(toast(page, 'You do not have permission to access this page')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a session ended on the server is noticed on the next load', async ({ page, request }) => {
    const token = await signInAndLeaveAtOnce(page, 'tanod1', '/Dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // Leave the app, so the ended session is found by the check on load, not by the live socket.
    await page.goto('about:blank');
    const out = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(out.ok()).toBe(true);
    await page.goto('/Dashboard');
    await expect(toast(page, 'Session expired. Please log in again.')).toBeVisible();
    await expect(page).toHaveURL(/\/tanod-login$/);
  });
});

test.describe('tabs sharing one session', () => {
  test('a log out in one tab sends the other to sign-in within a second, with nothing of the user left', async ({ page, context, request }) => {
    await signInByApi(page, request, 'tanod4');
    await page.goto('/Dashboard');
    const other = await context.newPage();
    await other.goto('/Schedule');
    await expect(other.getByTestId('signed-in-user')).toContainText('Rowena Garcia');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/tanod-login$/);

    await expect(other).toHaveURL(/\/tanod-login$/, { timeout: 1_000 });
    await expect(other.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(other.getByText('Rowena')).toHaveCount(0);
    await expect(nav(other)).toHaveCount(0);
    await expect(other.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    // A deliberate log out is not an expiry, and the next sign-in does not return to the old page.
    await expect(toast(other, 'Your session has expired. Please login again.')).toHaveCount(0);
    expect(await other.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBeNull();
  });

  test('a sign-in as someone else in one tab shows the new user in the other, never a mix', async ({ page, context, request }) => {
    await signInByApi(page, request, 'tanod4');
    // My Account shows the user's own data, so a mix would show here.
    await page.goto('/myaccount');
    await expect(page.getByTestId('signed-in-user')).toContainText('Rowena Garcia');
    // From here on, the first tab must never show the old user beside the new one's data.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __namesSeen: string[] }).__namesSeen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="signed-in-user"]')?.textContent;
        if (text) seen.push(text);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });

    const other = await context.newPage();
    await other.goto('/tanod-login');
    await signInByForm(other, 'tanod5');
    await expect(other).toHaveURL(/\/Dashboard$/);

    await expect(page.getByTestId('signed-in-user')).toContainText('Paolo Aquino');
    await expect(page).toHaveURL(/\/myaccount$/);
    await expect(page.getByLabel('First name')).toHaveValue('Paolo');
    await expect(page.getByText('Rowena')).toHaveCount(0);
    const seen = await page.evaluate(() => (window as unknown as { __namesSeen: string[] }).__namesSeen);
    const firstNew = seen.findIndex((text) => text.includes('Paolo Aquino'));
    expect(firstNew).toBeGreaterThanOrEqual(0);
    expect(seen.slice(firstNew).filter((text) => text.includes('Rowena'))).toEqual([]);
  });

  test('a sign-in as an admin in one tab takes a tanod page in the other away', async ({ page, context, request }) => {
    await signInByApi(page, request, 'tanod4');
    await page.goto('/Schedule');
    await expect(page.getByTestId('signed-in-user')).toContainText('Rowena Garcia');
    const other = await context.newPage();
    await other.goto('/tanod-login');
    await signInByForm(other, 'admin');
    await expect(other).toHaveURL(/\/Admindashboard$/);
    // docs/product.md §A4: a role that may not open the page gets the toast, and an admin is sent to /.
    await expect(toast(page, 'You do not have permission to access this page')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Rowena')).toHaveCount(0);
  });
});
