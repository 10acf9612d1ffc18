import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { e2eServer } from './servers.ts';

export { expect };

/**
 * Marks, in every page of a context, that the app has rendered into `#root`. An error no boundary
 * caught makes React unmount the whole app and leave `#root` empty for good (the app's own
 * boundaries, src/app/RouteBoundary.tsx, show its error screen instead); an empty `#root` for a
 * moment is normal (the route guard renders nothing while it checks the session), so only the
 * state at the end of the test counts.
 */
async function markRenderedPages(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    new MutationObserver(() => {
      if ((document.getElementById('root')?.childElementCount ?? 0) > 0) (window as unknown as { __bantayRendered: boolean }).__bantayRendered = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The pages of these contexts whose app rendered and is now unmounted. */
async function unmountedPages(contexts: BrowserContext[]): Promise<string[]> {
  const found: string[] = [];
  for (const page of contexts.flatMap((context) => context.pages())) {
    const unmounted = await page
      .evaluate(() => {
        const root = document.getElementById('root');
        return Boolean(root && root.childElementCount === 0 && (window as unknown as { __bantayRendered?: boolean }).__bantayRendered);
      })
      .catch(() => false);
    if (unmounted) found.push(page.url());
  }
  return found;
}

/**
 * Every spec uses this `test`: it talks to its worker's own server, and no test may end with the
 * app unmounted by an uncaught error, in its own context or in any context it opens.
 */
export const test = base.extend<{ noUncaughtRenderError: void }>({
  // The worker's own server (e2e/servers.ts): pages, contexts and API requests all go there.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none.
  baseURL: async ({}, use, testInfo) => use(e2eServer(testInfo.parallelIndex).baseURL),
  noUncaughtRenderError: [
    async ({ browser, context, serviceWorkers }, use) => {
      const contexts = [context];
      await markRenderedPages(context);
      const newContext = browser.newContext.bind(browser);
      // A context a test opens itself follows the spec's service-worker rule, like its own context.
      browser.newContext = async (options = {}) => {
        const opened = await newContext({ serviceWorkers, ...options });
        await markRenderedPages(opened);
        contexts.push(opened);
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      const unmounted = await unmountedPages(contexts);
      expect(unmounted, `an uncaught error unmounted the app on ${unmounted.join(', ')}`).toEqual([]);
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

/**
 * Puts values in the origin's localStorage before the app runs. They are written on a same-origin
 * page that runs none of the app (the health check): written on an app page instead, they race
 * with that page's start-up, which may read them half-way and act (a resident's refused token was
 * dropped, and its toast lost to the next navigation).
 */
export async function storeLocally(page: Page, values: Record<string, string>): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
}

/** Signs in through the API (fast) and stores the session the way the web app does. */
export async function signInByApi(page: Page, request: APIRequestContext, username: string): Promise<SignedIn> {
  const response = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  const session = (await response.json()) as SignedIn;
  await storeLocally(page, { token: session.token, userType: session.userType, userId: session.userId });
  return session;
}

/** Signs in through the form, as a person would. */
export async function signInByForm(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text);

/**
 * The names on a tanod's borrowed-equipment card, which a page kept offline must still show. Not
 * the card's whole text: each due line counts minutes ("overdue by 6 h 5 min"), and a minute may
 * tick over between two reads (a fresh-clone run read "6 h 5 min", then "6 h 6 min").
 */
export const loanNames = (page: Page) => page.getByTestId('tanod-loan').locator('span.font-medium');
