import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Bantay-demo-2026';

export interface SignedIn {
  token: string;
  userType: string;
  userId: string;
}

/** Signs in through the API (fast) and stores the session the way the web app does. */
export async function signInByApi(page: Page, request: APIRequestContext, username: string): Promise<SignedIn> {
  const response = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  const session = (await response.json()) as SignedIn;
  await page.goto('/tanod-login');
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('userType', s.userType);
    localStorage.setItem('userId', s.userId);
  }, session);
  return session;
}

/** Signs in through the form, as a person would. */
export async function signInByForm(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text);
