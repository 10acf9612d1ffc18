import type { Page } from '@playwright/test';
import { expect, test, signInByApi, signInByForm, toast } from './fixtures.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('signing in', () => {
  test('a tanod signs in and lands on the dashboard with the tanod menu', async ({ page }) => {
    await page.goto('/tanod-login');
    await signInByForm(page, 'tanod1');
    await expect(page).toHaveURL(/\/Dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByTestId('signed-in-user')).toContainText('Juan Dela Cruz');
    await expect(nav(page).getByRole('link')).toHaveText(['DashBoard', 'Patrol Map', 'Schedule', 'Performance', 'Equipments']);
    await expect(nav(page)).toContainText('Barangay San Isidro');
  });

  test('an admin lands on the admin dashboard with the admin menu', async ({ page }) => {
    await page.goto('/tanod-login');
    await signInByForm(page, 'admin@bantay.local');
    await expect(page).toHaveURL(/\/Admindashboard$/);
    await expect(nav(page).getByRole('link')).toHaveText([
      'Admin Dashboard',
      'Manage Tanod',
      'Manage Patrol Schedules',
      'Patrol & Incident Tracking',
      'Resources',
    ]);
    await nav(page).getByRole('link', { name: 'Patrol & Incident Tracking' }).click();
    await expect(page.getByRole('heading', { name: 'Patrol & Incident Tracking', level: 1 })).toBeVisible();
  });

  test('a supadmin lands on the admin dashboard too', async ({ page }) => {
    await page.goto('/tanod-login');
    await signInByForm(page, 'supadmin');
    await expect(page).toHaveURL(/\/Admindashboard$/);
    await expect(page.getByTestId('signed-in-user')).toContainText('supadmin');
  });

  test('empty fields and a wrong password show errors next to the form', async ({ page }) => {
    await page.goto('/tanod-login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await signInByForm(page, 'tanod5', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Incorrect username or password');
    await expect(page).toHaveURL(/\/tanod-login$/);
  });
});

test.describe('the route guard', () => {
  test('a signed-out visitor is sent to sign in and comes back to the saved page', async ({ page }) => {
    await page.goto('/Schedule');
    await expect(page).toHaveURL(/\/tanod-login$/);
    await signInByForm(page, 'tanod2');
    await expect(page).toHaveURL(/\/Schedule$/);
    await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  });

  test('a tanod on an admin page is told they have no permission and sent home', async ({ page, request }) => {
    await signInByApi(page, request, 'tanod3');
    await page.goto('/Admindashboard');
    await expect(toast(page, 'You do not have permission to access this page')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a supadmin on a tanod page is sent to the admin dashboard', async ({ page, request }) => {
    await signInByApi(page, request, 'supadmin');
    await page.goto('/Patrolmap');
    await expect(toast(page, 'You do not have permission to access this page')).toBeVisible();
    await expect(page).toHaveURL(/\/Admindashboard$/i);
  });

  test('a session ended on the server sends the user to sign in with the expiry toast', async ({ page, request }) => {
    const session = await signInByApi(page, request, 'tanod4');
    await page.goto('/Dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const out = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${session.token}` } });
    expect(out.ok()).toBe(true);
    // The server closes the live socket of the ended session, so the page learns at once,
    // without waiting for the next navigation.
    await expect(toast(page, 'Session expired. Please log in again.')).toBeVisible();
    await expect(page).toHaveURL(/\/tanod-login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBe('/Dashboard');
  });

  test('when the session cannot be checked the guard still protects the page', async ({ page, request }) => {
    await signInByApi(page, request, 'tanod5');
    await page.route('**/api/auth/me', (route) => route.abort('connectionfailed'));
    await page.goto('/Equipments');
    await expect(toast(page, 'Error fetching user data')).toBeVisible();
    await expect(page).toHaveURL(/\/tanod-login$/);
    // One toast at a time (docs/product.md §A9): the guard's own message follows the first.
    await expect(toast(page, 'Your session has expired. Please login again.')).toBeVisible({ timeout: 10_000 });
  });
});

test.describe('the layout', () => {
  test('the theme choice survives a reload', async ({ page, request }) => {
    await signInByApi(page, request, 'tanod1');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/Dashboard');
    await expect(page.locator('html')).toHaveClass(/light-mode/);
    await page.getByRole('button', { name: 'Switch to Dark Mode' }).click();
    await expect(page.locator('html')).toHaveClass(/dark-mode/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark-mode/);
    await expect(page.getByRole('button', { name: 'Switch to Light Mode' })).toBeVisible();
  });

  test('at 375 px the side nav starts closed, opens, and closes after a click', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInByApi(page, request, 'tanod1');
    await page.goto('/Dashboard');
    await expect(page.locator('#side-nav')).toHaveAttribute('data-state', 'closed');
    await expect(nav(page).getByRole('link', { name: 'Schedule' })).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.locator('#side-nav')).toHaveAttribute('data-state', 'open');
    await nav(page).getByRole('link', { name: 'Schedule' }).click();
    await expect(page).toHaveURL(/\/Schedule$/);
    await expect(page.locator('#side-nav')).toHaveAttribute('data-state', 'closed');
  });

  test('at 1280 px the side nav collapses to icons with the abbreviation', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInByApi(page, request, 'admin');
    await page.goto('/Admindashboard');
    await expect(nav(page)).toContainText('Barangay San Isidro');
    await page.getByRole('button', { name: 'Close navigation' }).click();
    await expect(nav(page)).toContainText('BSI');
    await expect(nav(page)).not.toContainText('Barangay San Isidro');
  });

  test('log out returns to sign-in and the old session is gone', async ({ page, request }) => {
    const session = await signInByApi(page, request, 'tanod2');
    await page.goto('/Dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/tanod-login$/);
    // The server closes the socket of the ended session; that must not read as an expiry.
    await page.waitForTimeout(500);
    await expect(toast(page, 'Session expired. Please log in again.')).toHaveCount(0);
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${session.token}` } });
    expect(me.status()).toBe(401);
    await page.goto('/Dashboard');
    await expect(page).toHaveURL(/\/tanod-login$/);
  });

  test('the avatar menu has My Account and the SMS Authentication switch', async ({ page, request }) => {
    await signInByApi(page, request, 'tanod3');
    await page.goto('/Dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page.getByRole('switch', { name: 'SMS Authentication' })).not.toBeChecked();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await expect(page).toHaveURL(/\/myaccount$/);
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('routes match whatever the case of the address', async ({ page, request }) => {
    await signInByApi(page, request, 'admin');
    await page.goto('/managetanod');
    await expect(page.getByRole('heading', { name: 'Manage Tanod', level: 1 })).toBeVisible();
  });
});
