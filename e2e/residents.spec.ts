import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, storeLocally, test, toast } from './fixtures.ts';
import { codeIn, sentMailLog, sentSmsLog } from './sent-log.ts';
import { reportIncident } from './public-api.ts';
import { createResident, freshMobileNumber, resetPinPathIn, TINY_PNG } from './resident-fixtures.ts';

// Residents use cheap phones: every test runs at 375 px.
test.use({ viewport: { width: 375, height: 780 } });

const signInCard = (page: Page) => page.getByRole('region', { name: 'Resident sign-in' });
const myReports = (page: Page) => page.getByRole('region', { name: 'My reports' });
const pinField = (scope: Page | Locator) => scope.getByLabel('PIN', { exact: true });

async function signIn(page: Page, phone: string, pin: string) {
  const card = signInCard(page);
  await card.getByLabel('Mobile number').fill(phone);
  await pinField(card).fill(pin);
  await card.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Nothing on the page is wider than the phone's screen. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

const storedSession = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('token'), userType: localStorage.getItem('userType'), userId: localStorage.getItem('userId') }));

const reportsStatus = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/residents/me/reports', { headers: { authorization: `Bearer ${token}` } })).status();

test.describe('residents', () => {
  // Each test solves one or two proof-of-work bot checks in Node.
  test.setTimeout(60_000);

  test('a visitor finds the three actions, the hotlines, resident sign-in and the staff sign-in on the landing page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Barangay San Isidro');
    const actions = page.getByRole('region', { name: 'What do you need?' });
    await expect(actions.getByRole('link', { name: /Report an incident/ })).toHaveAttribute('href', '/Reportincidents');
    await expect(actions.getByRole('link', { name: /Emergency/ })).toHaveAttribute('href', '/lite/emergency');
    await expect(actions.getByRole('link', { name: /Track a ticket/ })).toHaveAttribute('href', '/Reportincidents?track=1');
    await expect(page.getByRole('link', { name: /Rate our tanods/ })).toHaveAttribute('href', '/Tanodevaluation');
    await expect(page.getByRole('link', { name: /Tanod Hotline/ })).toHaveAttribute('href', 'tel:+639171230000');
    await expect(page.getByRole('link', { name: 'Staff sign-in' })).toHaveAttribute('href', '/tanod-login');
    // The mobile number and PIN fields bring up the right keyboards and password managers.
    const card = signInCard(page);
    await expect(card.getByLabel('Mobile number')).toHaveAttribute('inputmode', 'tel');
    await expect(card.getByLabel('Mobile number')).toHaveAttribute('autocomplete', 'tel');
    await expect(pinField(card)).toHaveAttribute('inputmode', 'numeric');
    await expect(pinField(card)).toHaveAttribute('maxlength', '6');
    // The brief's slim public header for visitors: no resident frame.
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    // The page painted with its inlined critical CSS; once the app runs, the whole stylesheet applies.
    await expect(page.locator('link#bantay-stylesheet')).toHaveAttribute('media', 'all');

    // A typo is caught before any call.
    await card.getByLabel('Mobile number').fill('0287654321');
    await card.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(card.getByText('Enter a mobile number like 0917 123 4567')).toBeVisible();
    await expect(card.getByLabel('Mobile number')).toBeFocused();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the landing page still reads, its hotlines still call, and a note leads to the simple pages', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Barangay San Isidro');
      await expect(page.getByRole('link', { name: /Tanod Hotline/ })).toHaveAttribute('href', 'tel:+639171230000');
      // Playwright's text and role locators skip <noscript>: this one is found by its place.
      const note = page.locator('noscript p');
      await expect(note).toBeVisible();
      await expect(note).toContainText('Without JavaScript, use the simple pages');
      // The simple pages themselves: e2e/no-script.spec.ts.
      await expect(note.locator('a[href="/lite/emergency"]')).toHaveText('Emergency');
      await expect(note.locator('a[href="/"]')).toHaveText('the home page');
      // Styled as a note above the page, not a bare line under it.
      const box = (await note.boundingBox())!;
      expect(box.y).toBeLessThan(100);
      expect(await note.evaluate((element) => getComputedStyle(element).borderTopWidth)).toBe('1px');
      // Styled by the inlined critical CSS alone: the whole stylesheet stays switched off without the app.
      await expect(page.locator('link#bantay-stylesheet')).toHaveAttribute('media', 'print');
      await expectNoSidewaysScroll(page);
    });
  });

  test('a resident signs up with the texted code and a photo, is refused a wrong code and unequal PINs, and lands signed in', async ({
    page,
    request,
  }) => {
    const sms = sentSmsLog();
    const phone = freshMobileNumber();
    await page.goto('/');
    await signInCard(page).getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByText(/Staff accounts are created by the barangay admin/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Staff sign-in' })).toHaveAttribute('href', '/tanod-login');
    await page.getByRole('link', { name: 'Sign up as a resident' }).click();
    await expect(page).toHaveURL(/\/resident-signup$/);

    await page.getByLabel('First name').fill('Rosario');
    await page.getByLabel('Last name').fill('Dizon');
    await page.getByLabel('Birthday').fill('1988-04-12');
    await page.getByLabel('Home address').fill('12 Sampaguita St., Purok 3');
    await page.getByLabel('Mobile number').fill(phone.local);
    await pinField(page).fill('730415');
    await page.getByLabel('Confirm PIN').fill('730416');
    // The optional photo: only images, previewed before it is sent.
    const photo = page.getByLabel('Choose photo');
    await photo.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await expect(page.getByText('Choose a JPEG, PNG or WebP photo')).toBeVisible();
    await photo.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(page.getByRole('img', { name: 'Your chosen photo' })).toBeVisible();

    // Refused in the browser: no code was sent yet, and the two PINs differ.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Send a code to your mobile number first')).toBeVisible();
    await expect(page.getByText('The PINs do not match')).toBeVisible();
    await expect(page.getByLabel('Verification code')).toBeFocused();
    await expect(page).toHaveURL(/\/resident-signup$/);

    const since = sms.mark();
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = codeIn(await sms.next(phone.e164, since));
    await expect(page.getByText(`We sent a 6-digit code to +63 918 ${phone.e164.slice(6, 9)} ${phone.e164.slice(9)}`)).toBeVisible();
    await expect(page.getByLabel('Verification code')).toBeFocused();
    await expect(page.getByLabel('Verification code')).toHaveAttribute('autocomplete', 'one-time-code');
    // Resend waits out the server's cooldown.
    await expect(page.getByRole('button', { name: /^Resend in \d+s$/ })).toBeDisabled();

    // A wrong code is refused by the server and shown next to the code.
    await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
    await page.getByLabel('Confirm PIN').fill('730415');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Invalid verification code')).toBeVisible();
    await expect(page.getByLabel('Verification code')).toBeFocused();
    await expect(page).toHaveURL(/\/resident-signup$/);

    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(toast(page, 'Welcome, Rosario! Your account is ready and you are signed in.')).toBeVisible();
    await expect(myReports(page).getByText('You have not reported anything yet.')).toBeVisible();
    await expect(signInCard(page)).toHaveCount(0);
    const session = await storedSession(page);
    expect(session.userType).toBe('resident');
    expect(session.userId).toBeTruthy();
    // The photo went up once the account existed.
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${session.token}` } });
    expect(me.ok()).toBe(true);
    expect(await me.json()).toMatchObject({ firstName: 'Rosario', userType: 'resident', profilePicture: expect.stringMatching(/\S/) });
  });

  test('a resident signs in on the landing page, sees their report, moves around the resident menu, and Back signs them out', async ({
    page,
    request,
  }) => {
    const resident = await createResident(request);
    const ticket = await reportIncident(request, { type: 'Theft', description: 'A bicycle was taken from the gate.' }, resident.token);
    await page.goto('/');

    // A wrong PIN: the server's words, the PIN cleared and in focus for another try.
    await signIn(page, resident.phone.local, '000001');
    await expect(signInCard(page).getByRole('alert')).toHaveText('Incorrect mobile number or PIN');
    await expect(pinField(signInCard(page))).toHaveValue('');
    await expect(pinField(signInCard(page))).toBeFocused();

    await pinField(signInCard(page)).fill(resident.pin);
    await signInCard(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(myReports(page).getByRole('heading', { name: 'My reports' })).toBeFocused();
    const row = myReports(page).getByRole('link', { name: new RegExp(ticket) });
    await expect(row).toContainText('Theft');
    await expect(row).toContainText('Pending');
    await expect(row).toContainText(/Just now|\d+ min ago/);
    await expect(row).toHaveAttribute('href', `/Reportincidents?ticket=${ticket}`);
    const session = await storedSession(page);
    expect(session.userType).toBe('resident');
    await expectNoSidewaysScroll(page);

    // The resident frame (docs/product.md §A2, §6): nav toggle, theme toggle and only Back.
    await expect(page.getByRole('button', { name: /^Switch to (Dark|Light) Mode$/ })).toHaveAttribute('title', /^Switch to (Dark|Light) Mode$/);
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    for (const staffOnly of ['Messages', 'Notifications', 'Account menu']) {
      await expect(page.getByRole('button', { name: staffOnly })).toHaveCount(0);
    }

    // The side nav is collapsed at 375 px; it opens on the toggle and a nav click closes it.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveAttribute('data-state', 'closed');
    await expect(nav).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(nav).toBeInViewport();
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Report Incidents', 'Tanod Evaluation', 'My Account']);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Tanod Evaluation' }).click();
    await expect(page).toHaveURL(/\/Tanodevaluation$/);
    await expect(nav).toHaveAttribute('data-state', 'closed');
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(row).toBeVisible();

    // Back clears local storage and goes to /; the server ends the session too.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await nav.getByRole('link', { name: 'Tanod Evaluation' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(signInCard(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await expect.poll(() => reportsStatus(request, session.token!)).toBe(401);
  });

  test('five wrong PINs lock the account for 15 minutes, and the form says so', async ({ page, request }) => {
    const resident = await createResident(request);
    await page.goto('/');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await signIn(page, resident.phone.local, `00000${attempt}`);
      await expect(signInCard(page).getByRole('alert')).toHaveText('Incorrect mobile number or PIN');
      // The PIN is cleared once the answer is in: the next attempt starts from a settled form.
      await expect(pinField(signInCard(page))).toHaveValue('');
    }
    await signIn(page, resident.phone.local, '000005');
    await expect(signInCard(page).getByRole('alert')).toHaveText('Too many wrong PINs. Try again in 15 minutes.');
    // Locked means locked, even with the right PIN.
    await pinField(signInCard(page)).fill(resident.pin);
    await signInCard(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(signInCard(page).getByRole('alert')).toHaveText(/^Too many wrong PINs\. Try again in 1[45] minutes\.$/);
    await expect(myReports(page)).toHaveCount(0);
  });

  test('a resident resets a forgotten PIN from the SMS link, then from an email link, and signs in with the new PIN', async ({
    page,
    request,
  }) => {
    const email = `pin-reset-${Date.now()}@example.test`;
    const resident = await createResident(request, { email });
    const sms = sentSmsLog();
    await page.goto('/');

    // "Forgot PIN?" carries over the number already typed.
    await signInCard(page).getByLabel('Mobile number').fill(resident.phone.local);
    await signInCard(page).getByRole('button', { name: 'Forgot PIN?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your PIN' });
    await expect(dialog.getByRole('radio', { name: 'SMS' })).toBeChecked();
    await expect(dialog.getByLabel('Mobile number')).toHaveValue(resident.phone.local);
    const since = sms.mark();
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    // The same answer whether or not the account exists.
    await expect(dialog.getByRole('status')).toContainText('If an account uses that number or email, we have sent it a link');
    const smsLink = resetPinPathIn(await sms.next(resident.phone.e164, since));
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto(smsLink);
    await expect(page.getByRole('heading', { name: 'Set a new PIN' })).toBeVisible();
    await expect(page.getByLabel('New PIN', { exact: true })).toBeFocused();
    // Refused in the browser: an easy PIN, then two that differ.
    await page.getByLabel('New PIN', { exact: true }).fill('111111');
    await page.getByLabel('Confirm new PIN').fill('111111');
    await page.getByRole('button', { name: 'Set new PIN' }).click();
    await expect(page.getByText('This PIN is too easy to guess. Avoid repeated digits and sequences like 123456.')).toBeVisible();
    await expect(page.getByLabel('New PIN', { exact: true })).toBeFocused();
    await page.getByLabel('New PIN', { exact: true }).fill('502739');
    await page.getByLabel('Confirm new PIN').fill('502738');
    await page.getByRole('button', { name: 'Set new PIN' }).click();
    await expect(page.getByText('The PINs do not match')).toBeVisible();
    await page.getByLabel('Confirm new PIN').fill('502739');
    await page.getByRole('button', { name: 'Set new PIN' }).click();
    await expect(page).toHaveURL(/:\d+\/#sign-in$/);
    await expect(toast(page, 'Your PIN has been changed. Sign in with your new PIN.')).toBeVisible();
    await expect(signInCard(page).getByLabel('Mobile number')).toBeFocused();

    // The old PIN no longer works; the new one does.
    await signIn(page, resident.phone.local, resident.pin);
    await expect(signInCard(page).getByRole('alert')).toHaveText('Incorrect mobile number or PIN');
    await pinField(signInCard(page)).fill('502739');
    await signInCard(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(myReports(page)).toBeVisible();

    // A link works once: the used one says so and offers a new link, here by email.
    await page.goto(smsLink);
    await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
    await page.getByRole('button', { name: 'Ask for a new link' }).click();
    await page.getByText('Email', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Email' })).toBeChecked();
    await page.getByLabel('Email address').fill(email);
    const mail = sentMailLog();
    const mailSince = mail.mark();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible();
    const emailLink = resetPinPathIn(await mail.next(email, mailSince));

    await page.goto(emailLink);
    await page.getByLabel('New PIN', { exact: true }).fill('648203');
    await page.getByLabel('Confirm new PIN').fill('648203');
    await page.getByRole('button', { name: 'Set new PIN' }).click();
    // The reset ended every session of the account, so this browser is signed out too.
    await expect(page).toHaveURL(/:\d+\/#sign-in$/);
    await expect(signInCard(page)).toBeVisible();
    await signIn(page, resident.phone.local, '648203');
    await expect(myReports(page)).toBeVisible();
  });

  test('a resident token the server refuses signs the resident out on the landing page', async ({ page, request }) => {
    const resident = await createResident(request);
    // A real token of a session that has ended.
    expect((await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${resident.token}` } })).ok()).toBe(true);
    await storeLocally(page, { token: resident.token, userType: 'resident', userId: 'someone' });
    await page.goto('/');
    // The pre-rendered landing page shows the visitor's frame before the app runs, so the toast
    // comes first: it says the app has asked the server and dropped the token.
    await expect(toast(page, 'Session expired. Please log in again.')).toBeVisible();
    expect((await storedSession(page)).token).toBeNull();
    await expect(signInCard(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  });
});
