import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export { expect };

/** The heading of React Router's built-in error screen, which the app must never show (issue 14). */
const DEFAULT_ERROR_SCREEN = 'Unexpected Application Error!';

/**
 * Watches every page of a context for React Router's default error screen, even one shown for a
 * moment and replaced by a reload: a script in each page reports it to the test as soon as it
 * appears.
 */
async function watchForDefaultErrorScreen(context: BrowserContext, seen: string[]): Promise<void> {
  await context.exposeBinding('__bantayDefaultErrorScreen', ({ page }) => {
    seen.push(page.url());
  });
  await context.addInitScript((heading) => {
    const report = () => (window as unknown as { __bantayDefaultErrorScreen(): void }).__bantayDefaultErrorScreen();
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of Array.from(mutation.addedNodes)) {
          if (node instanceof Element && node.textContent?.includes(heading)) report();
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, DEFAULT_ERROR_SCREEN);
}

/**
 * Every spec uses this `test`: no test may pass with React Router's default error screen on the
 * page, in its own context or in any context it opens.
 */
export const test = base.extend<{ noDefaultErrorScreen: void }>({
  noDefaultErrorScreen: [
    async ({ browser, context }, use) => {
      const seen: string[] = [];
      await watchForDefaultErrorScreen(context, seen);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        await watchForDefaultErrorScreen(opened, seen);
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(seen, `React Router's default error screen appeared on ${seen.join(', ')}`).toEqual([]);
    },
    { auto: true },
  ],
});

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
