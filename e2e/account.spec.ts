import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, DEMO_PASSWORD, signInByApi, signInByForm } from './fixtures.ts';
import { resetPathIn, sentMailLog } from './sent-log.ts';
import { makePng } from './images.ts';

const NEW_PASSWORD = 'Kalamansi-Bangka-42';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

async function apiToken(request: APIRequestContext, username: string, password = DEMO_PASSWORD, userAgent?: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username, password }, headers: userAgent ? { 'user-agent': userAgent } : {} });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Puts the demo password back, so the other specs sign in as usual. */
async function restorePassword(request: APIRequestContext, username: string, current: string) {
  const token = await apiToken(request, username, current);
  const response = await request.post('/api/account/password', { headers: auth(token), data: { currentPassword: current, newPassword: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
}

/** Shows a toast, then dismisses it (toasts come one at a time, docs/product.md §A9). */
async function seeToast(page: Page, text: string | RegExp) {
  const toast = page.locator('.Toastify').getByText(text);
  await expect(toast).toBeVisible();
  // Dispatched: the toast may still be sliding in, and waiting for it to settle only slows the test.
  await page.locator('.Toastify__toast', { hasText: text }).getByRole('button', { name: 'close' }).dispatchEvent('click');
  await expect(toast).toBeHidden();
}

test.describe('My Account', () => {
  test('a tanod edits the profile and photo, and a taken username is refused next to the field', async ({ page, request }) => {
    const session = await signInByApi(page, request, 'tanod5');
    try {
      await page.goto('/myaccount');
      await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
      await expect(page.getByTestId('signed-in-user')).toContainText('Paolo Aquino');
      const profile = page.getByRole('form', { name: 'Profile' });
      await expect(profile.getByLabel('First name')).toHaveValue('Paolo');

      await profile.getByLabel('First name').fill('Paolito');
      await profile.getByLabel('Address').fill('Purok 3, Barangay San Isidro');
      await profile.getByRole('button', { name: 'Save profile' }).click();
      await seeToast(page, 'Profile updated');
      await expect(page.getByTestId('signed-in-user')).toContainText('Paolito Aquino');

      await profile.getByLabel('Username').fill('tanod1');
      await profile.getByRole('button', { name: 'Save profile' }).click();
      await expect(profile.getByText('This username is already taken')).toBeVisible();
      await expect(profile.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
      await profile.getByRole('button', { name: 'Discard changes' }).click();
      await expect(profile.getByLabel('Username')).toHaveValue('tanod5');

      // The browser refuses what is plainly not a photo; the server checks the content anyway.
      const photo = page.getByLabel('Profile photo');
      await photo.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
      await expect(page.getByText('Choose a JPEG, PNG or WebP image.')).toBeVisible();
      await photo.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng() });
      await expect(page.getByRole('img', { name: 'New profile photo preview' })).toBeVisible();
      await page.getByRole('button', { name: 'Save photo' }).click();
      await seeToast(page, 'Profile photo updated');
      await expect(page.getByRole('button', { name: 'Account menu' }).locator('img')).toHaveAttribute('src', /.+/);
      const me = await (await request.get('/api/account', { headers: auth(session.token) })).json();
      expect(me.profilePicture).toBeTruthy();
    } finally {
      await request.patch('/api/account', { headers: auth(session.token), data: { firstName: 'Paolo', address: 'Barangay San Isidro, Quezon City' } });
    }
  });

  test('a tanod changes the password: other sessions end and the old password no longer works', async ({ page, request }) => {
    const other = await apiToken(request, 'tanod5', DEMO_PASSWORD, PHONE_UA);
    await signInByApi(page, request, 'tanod5');
    let changed = false;
    try {
      await page.goto('/myaccount');
      const form = page.getByRole('form', { name: 'Change password' });
      await form.getByLabel('Current password').fill(DEMO_PASSWORD);
      await form.getByLabel('New password', { exact: true }).fill('short');
      await form.getByLabel('Confirm new password').fill('different');
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(form.getByText('Password must be at least 10 characters')).toBeVisible();
      await expect(form.getByText('The passwords do not match')).toBeVisible();

      await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await expect(form.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', /Good|Strong/);
      await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await form.getByRole('button', { name: 'Change password' }).click();
      await seeToast(page, /Password changed\. \d+ other sessions? (was|were) signed out\./);
      changed = true;
      expect((await request.get('/api/auth/me', { headers: auth(other) })).status()).toBe(401);

      // This browser stays signed in; after signing out, only the new password works.
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Log Out' }).click();
      await signInByForm(page, 'tanod5', DEMO_PASSWORD);
      await expect(page.locator('form').getByRole('alert')).toHaveText('Incorrect username or password');
      await signInByForm(page, 'tanod5', NEW_PASSWORD);
      await expect(page.getByTestId('signed-in-user')).toContainText('Paolo Aquino');
    } finally {
      if (changed) await restorePassword(request, 'tanod5', NEW_PASSWORD);
    }
  });

  test('a tanod signs out another device from the sessions list after confirming', async ({ page, request }) => {
    const phone = await apiToken(request, 'tanod1', DEMO_PASSWORD, PHONE_UA);
    await signInByApi(page, request, 'tanod1');
    await page.goto('/myaccount');
    const sessions = page.getByRole('list', { name: 'Active sessions' });
    await expect(sessions.getByTestId('session-row').filter({ hasText: 'This device' })).toHaveCount(1);
    const row = sessions.getByTestId('session-row').filter({ hasText: 'Chrome on Android' }).first();
    await expect(row).toContainText('127.0.0.1');
    await row.getByRole('button', { name: /^Sign out Chrome on Android/ }).click();
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.getByRole('button', { name: /^Sign out Chrome on Android/ })).toBeVisible();
    expect((await request.get('/api/auth/me', { headers: auth(phone) })).ok()).toBe(true);

    await row.getByRole('button', { name: /^Sign out Chrome on Android/ }).click();
    await row.getByRole('button', { name: 'Confirm' }).click();
    await seeToast(page, 'The session was signed out');
    await expect(sessions.getByTestId('session-row').filter({ hasText: 'Chrome on Android' })).toHaveCount(0);
    expect((await request.get('/api/auth/me', { headers: auth(phone) })).status()).toBe(401);
  });
});

test.describe('Forgot password', () => {
  test('a tanod resets a forgotten password from the emailed link and signs in with the new one', async ({ page, request }) => {
    const mail = sentMailLog();
    let changed = false;
    try {
      await page.goto('/tanod-login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByText('Email is required')).toBeVisible();

      // The answer is the same whether or not an account uses the address.
      await page.getByLabel('Email address').fill('nobody@bantay.local');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      const neutral = page.getByRole('status').filter({ hasText: 'Check your email' });
      await expect(neutral).toContainText('If an account uses that email address');
      const unknownAnswer = await neutral.textContent();

      await page.goto('/forgot-password');
      const since = mail.mark();
      await page.getByLabel('Email address').fill('tanod2@bantay.local');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(neutral).toHaveText(unknownAnswer!);
      const link = resetPathIn(await mail.next('tanod2@bantay.local', since));

      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page).toHaveURL(/\/tanod-login$/);
      changed = true;
      await seeToast(page, 'Your password has been changed. Sign in with your new password.');
      await signInByForm(page, 'tanod2', NEW_PASSWORD);
      await expect(page).toHaveURL(/\/Dashboard$/);

      // The link works once.
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
      await page.getByRole('link', { name: 'Ask for a new link' }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
    } finally {
      if (changed) await restorePassword(request, 'tanod2', NEW_PASSWORD);
    }
  });
});
