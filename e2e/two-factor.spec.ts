import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, DEMO_PASSWORD, signInByApi, signInByForm, toast } from './fixtures.ts';
import { codeIn, sentSmsLog } from './sent-log.ts';

// tanod3's demo number; no other spec turns 2FA on for tanod3, and the test turns it off again.
const USER = 'tanod3';
const PHONE = '+639171230013';

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Two-Factor Authentication Settings' });

async function openSmsSwitch(page: Page) {
  const menu = page.getByRole('button', { name: 'Account menu' });
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  const settings = page.getByRole('menuitem', { name: 'Settings' });
  // The Settings section remembers whether it was expanded.
  if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
  return page.getByRole('switch', { name: 'SMS Authentication' });
}

/** Shows a toast, then dismisses it (toasts come one at a time, docs/product.md §A9). */
async function seeToast(page: Page, text: string) {
  await expect(toast(page, text)).toBeVisible();
  // Dispatched: the toast may still be sliding in, and waiting for it to settle only slows the test.
  await page.locator('.Toastify__toast', { hasText: text }).getByRole('button', { name: 'close' }).dispatchEvent('click');
  await expect(toast(page, text)).toBeHidden();
}

/** Leaves tanod3 without 2FA whatever happened, so the other specs can sign in as usual. */
async function ensureTwoFactorOff(request: APIRequestContext) {
  const sms = sentSmsLog();
  const since = sms.mark();
  const login = await request.post('/api/auth/login', { data: { username: USER, password: DEMO_PASSWORD } });
  let body = (await login.json()) as { token?: string; twoFactorRequired?: boolean; challengeId?: string };
  if (body.twoFactorRequired) {
    const code = codeIn(await sms.next(PHONE, since));
    body = await (await request.post('/api/auth/login/verify', { data: { challengeId: body.challengeId, code } })).json();
  }
  const headers = { authorization: `Bearer ${body.token}` };
  await request.post('/api/2fa/disable', { headers, data: {} });
  await request.post('/api/auth/logout', { headers });
}

test.describe('SMS two-factor authentication', () => {
  test.afterEach(async ({ request }) => {
    await ensureTwoFactorOff(request);
  });

  test.setTimeout(60_000);

  test('a tanod turns on SMS two-factor with the texted code, signs in with a code, and turns it off from the avatar menu', async ({
    page,
    request,
  }) => {
    const sms = sentSmsLog();
    await signInByApi(page, request, USER);
    await page.goto('/Dashboard');

    // The switch reflects twoFactorEnabled; turning it on opens the dialog.
    const smsSwitch = await openSmsSwitch(page);
    await expect(smsSwitch).not.toBeChecked();
    await smsSwitch.click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByLabel('Country')).toHaveValue('PH');

    // docs/product.md §A5: Send Code needs at least 10 characters; Enable 2FA exactly 6 digits.
    const phone = dialog(page).getByLabel('Phone number');
    const sendCode = dialog(page).getByRole('button', { name: 'Send Code' });
    const enable = dialog(page).getByRole('button', { name: 'Enable 2FA' });
    await expect(dialog(page).getByRole('button', { name: 'Disable 2FA' })).toBeDisabled();
    await phone.fill('');
    await expect(sendCode).toBeDisabled();
    await phone.fill('0917');
    await expect(sendCode).toBeDisabled();

    // A landline cannot receive the code.
    await phone.fill('0287654321');
    await sendCode.click();
    await seeToast(page, 'Please enter a valid phone number');

    await phone.fill('0917 123 0013');
    const since = sms.mark();
    await sendCode.click();
    await seeToast(page, 'Verification code sent to your phone');
    const code = codeIn(await sms.next(PHONE, since));

    const codeField = dialog(page).getByLabel('Verification code');
    await expect(codeField).toHaveAttribute('maxlength', '6');
    await codeField.fill(code.slice(0, 5));
    await expect(enable).toBeDisabled();
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await enable.click();
    await seeToast(page, 'Invalid verification code');
    await codeField.fill(code);
    await enable.click();
    await seeToast(page, '2FA enabled successfully');
    await expect(dialog(page)).toBeHidden();
    await expect(await openSmsSwitch(page)).toBeChecked();

    // Signing in now asks for a code sent to that number (the sign-in code step).
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/tanod-login$/);
    const loginSince = sms.mark();
    await signInByForm(page, USER);
    await expect(page.getByRole('heading', { name: 'Enter your verification code' })).toBeVisible();
    await page.getByLabel('Verification code').fill(codeIn(await sms.next(PHONE, loginSince)));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(/\/Dashboard$/);

    // Turning the switch off asks in the top bar first; Cancel keeps it on, Confirm disables.
    await (await openSmsSwitch(page)).click();
    const question = page.locator('.Toastify').getByRole('alertdialog', { name: 'Disable two-factor authentication?' });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(await openSmsSwitch(page)).toBeChecked();
    await (await openSmsSwitch(page)).click();
    await question.getByRole('button', { name: 'Confirm' }).click();
    await seeToast(page, 'Two-factor authentication has been disabled');
    await expect(await openSmsSwitch(page)).not.toBeChecked();
  });
});
