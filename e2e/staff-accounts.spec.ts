import { test, expect, signInByApi, signInByForm, toast } from './fixtures.ts';

const NEW_PASSWORD = 'Sampaguita-Tanod-2031';

test('an admin adds a tanod, who signs in with the one-time password, must change it, and is signed out at once when deactivated', async ({ browser, page, request }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await signInByApi(page, request, 'admin');
  await page.goto('/ManageTanod');
  await page.getByRole('button', { name: 'Add tanod' }).click();
  const form = page.getByRole('form', { name: 'Add tanod' });
  const username = `liza${Date.now().toString(36)}`;
  await form.getByLabel('First name').fill('Liza');
  await form.getByLabel('Last name').fill('Soberano');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Mobile number (optional)').fill('0917 555 0142');
  await form.getByRole('button', { name: 'Add tanod' }).click();
  const oneTimePassword = (await page.getByTestId('one-time-password').textContent())!.trim();
  expect(oneTimePassword).toMatch(/^[A-Za-z0-9]{14}$/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('staff-row').filter({ hasText: 'Liza Soberano' })).toContainText('Password not set');

  // The new tanod, on a phone.
  const phone = await browser.newContext({ viewport: { width: 375, height: 780 } });
  const tanodPage = await phone.newPage();
  await tanodPage.goto('/tanod-login');
  await signInByForm(tanodPage, username, oneTimePassword);
  await expect(tanodPage).toHaveURL(/\/myaccount$/);
  await expect(tanodPage.getByTestId('must-change-password')).toBeVisible();
  // Every other page leads back here until the password is changed.
  await tanodPage.goto('/Schedule');
  await expect(tanodPage).toHaveURL(/\/myaccount$/);
  const passwordForm = tanodPage.getByRole('form', { name: 'Change password' });
  await passwordForm.getByLabel('Current password').fill(oneTimePassword);
  await passwordForm.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await passwordForm.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await passwordForm.getByRole('button', { name: /change password/i }).click();
  await expect(tanodPage.getByTestId('must-change-password')).toBeHidden();
  await tanodPage.goto('/Dashboard');
  await expect(tanodPage).toHaveURL(/\/Dashboard$/);
  await expect(tanodPage.getByTestId('signed-in-user')).toContainText('Liza Soberano');

  // The admin deactivates the tanod: the open page is signed out at once.
  const row = page.getByTestId('staff-row').filter({ hasText: 'Liza Soberano' });
  await row.getByRole('button', { name: 'Deactivate Liza Soberano' }).click();
  await page.getByTestId('deactivate-dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, 'Liza Soberano was deactivated')).toBeVisible();
  await expect(tanodPage).toHaveURL(/\/tanod-login$/, { timeout: 5_000 });
  await tanodPage.goto('/tanod-login');
  await signInByForm(tanodPage, username, NEW_PASSWORD);
  await expect(tanodPage.getByText('This account has been deactivated. Please contact your administrator.')).toBeVisible();
  await phone.close();
});

test('an admin cannot see admins; the supadmin manages them and the barangay settings', async ({ page, request }) => {
  await signInByApi(page, request, 'admin');
  await page.goto('/ManageTanod');
  await expect(page.getByRole('tab', { name: 'Admins' })).toHaveCount(0);
  await expect(page.getByTestId('staff-row').first()).toBeVisible();

  await signInByApi(page, request, 'supadmin');
  await page.goto('/ManageTanod?tab=admins');
  await expect(page.getByTestId('staff-row').filter({ hasText: 'Jose Ramon Bautista' })).toBeVisible();
  await page.getByRole('tab', { name: 'Barangay settings' }).click();
  const abbreviation = page.getByLabel('Abbreviation (shown when the side nav is collapsed)');
  const before = await abbreviation.inputValue();
  await abbreviation.fill('TOOLONGABBR');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Abbreviation must be at most 8 characters')).toBeVisible();
  await abbreviation.fill(before);
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByRole('region', { name: 'Audit log' })).toBeVisible();
});

test("the supadmin's audit log reads in words and filters by what was changed", async ({ page, request }) => {
  await signInByApi(page, request, 'supadmin');
  await page.goto('/ManageTanod?tab=audit');
  const log = page.getByRole('region', { name: 'Audit log' });
  await expect(log.getByTestId('audit-row').first()).toBeVisible();

  await log.getByLabel('What').selectOption({ label: 'Patrol area' });
  const rows = log.getByTestId('audit-row');
  // Only patrol areas once the filtered page has come (the demo's four were created by the admin;
  // other tests may add more), each with one verb and the entity in words beside it.
  await expect
    .poll(async () => {
      const texts = await rows.allTextContents();
      return texts.length >= 4 && texts.every((text) => text.includes('Patrol area') && !text.includes('patrol_area'));
    })
    .toBe(true);
  await expect(rows.filter({ hasText: 'Created' }).filter({ hasText: 'Purok 1 (Hilaga)' })).toHaveCount(1);
});
