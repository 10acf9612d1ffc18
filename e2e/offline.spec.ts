import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, signInByApi, test, toast, type SignedIn } from './fixtures.ts';

// A patchy connection (decision 006) (Playwright's setOffline and blocked requests). tanod3 and the admin
// chat; each test starts them on a fresh conversation, hiding any earlier one for both.
test.use({ serviceWorkers: 'allow' });

const TANOD = 'tanod3';
const ADMIN = { username: 'admin', name: 'Jose Ramon Bautista' };

interface Person {
  context: BrowserContext;
  page: Page;
  session: SignedIn;
}

async function signIn(browser: Browser, username: string, width = 1280): Promise<Person> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 740 : 800 } });
  const page = await context.newPage();
  const session = await signInByApi(page, page.request, username);
  return { context, page, session };
}

const auth = (who: Person) => ({ authorization: `Bearer ${who.session.token}` });

/** A fresh conversation between the two (any earlier one hidden for both), with one message from the admin. */
async function freshConversation(tanod: Person, admin: Person): Promise<string> {
  for (const [me, other] of [
    [tanod, admin],
    [admin, tanod],
  ] as const) {
    const list = await me.page.request.get('/api/messages/conversations', { headers: auth(me) });
    const { conversations } = (await list.json()) as { conversations: { _id: string; participants: { _id: string }[] }[] };
    for (const c of conversations.filter((c) => c.participants.some((p) => p._id === other.session.userId))) {
      expect((await me.page.request.delete(`/api/messages/conversations/${c._id}`, { headers: auth(me) })).ok()).toBe(true);
    }
  }
  const started = await admin.page.request.post('/api/messages/conversations', { headers: auth(admin), data: { participantId: tanod.session.userId } });
  const { conversation } = (await started.json()) as { conversation: { _id: string } };
  await adminSays(admin, conversation._id, 'Kumusta ang patrol?');
  return conversation._id;
}

async function adminSays(admin: Person, conversationId: string, content: string) {
  const response = await admin.page.request.post('/api/messages', { headers: auth(admin), data: { conversationId, content } });
  expect(response.ok()).toBe(true);
}

/** What the admin's side holds of the conversation, straight from the server. */
async function storedTexts(admin: Person, conversationId: string): Promise<string[]> {
  const response = await admin.page.request.get(`/api/messages/conversations/${conversationId}/messages`, { headers: auth(admin) });
  return ((await response.json()) as { messages: { content: string }[] }).messages.map((m) => m.content);
}

async function openChatWithAdmin(page: Page) {
  await page.getByRole('button', { name: 'Messages' }).click();
  const panel = page.getByRole('dialog', { name: 'Messages' });
  await panel.getByTestId('conversation-row').filter({ hasText: ADMIN.name }).getByRole('button', { name: new RegExp(`^${ADMIN.name}`) }).click();
  const chat = page.getByRole('dialog', { name: `Chat with ${ADMIN.name}` });
  await expect(chat.getByText('Kumusta ang patrol?')).toBeVisible();
  return chat;
}

const banner = (page: Page) => page.getByTestId('offline-banner');

test.describe('chat on a patchy connection', () => {
  let tanod: Person;
  let admin: Person;
  let conversationId: string;

  test.beforeEach(async ({ browser }) => {
    [tanod, admin] = await Promise.all([signIn(browser, TANOD), signIn(browser, ADMIN.username)]);
    conversationId = await freshConversation(tanod, admin);
    await tanod.page.goto('/Dashboard');
  });

  test.afterEach(async () => {
    await Promise.all([tanod.context.close(), admin.context.close()]);
  });

  test('a message sent offline shows as Sending…, goes out once when the connection returns, and the admin gets it', async () => {
    const chat = await openChatWithAdmin(tanod.page);

    // The connection drops; the admin writes twice meanwhile; both arrive once it is back.
    await tanod.context.setOffline(true);
    await expect(banner(tanod.page)).toBeVisible();
    await adminSays(admin, conversationId, 'Nasaan ka na?');
    await adminSays(admin, conversationId, 'Sagot ka pag may signal');
    await tanod.context.setOffline(false);
    await expect(chat.getByText('Nasaan ka na?')).toBeVisible({ timeout: 15_000 });
    await expect(chat.getByText('Sagot ka pag may signal')).toBeVisible();
    await expect(banner(tanod.page)).toBeHidden({ timeout: 15_000 });

    // It drops again; the tanod writes and presses Enter: kept, shown as waiting, nothing lost.
    await tanod.context.setOffline(true);
    await expect(banner(tanod.page)).toBeVisible();
    const box = chat.getByPlaceholder('Type a message...');
    await box.fill('sent while offline');
    await box.press('Enter');
    const waiting = chat.getByTestId('outgoing-message').filter({ hasText: 'sent while offline' });
    await expect(waiting).toHaveAttribute('data-state', 'sending');
    await expect(waiting).toContainText('Sending…');
    await expect(box).toHaveValue('');

    await tanod.context.setOffline(false);
    await expect(chat.getByTestId('message').filter({ hasText: 'sent while offline' })).toHaveCount(1, { timeout: 15_000 });
    await expect(chat.getByTestId('outgoing-message')).toHaveCount(0);
    await expect(banner(tanod.page)).toBeHidden({ timeout: 15_000 });
    expect((await storedTexts(admin, conversationId)).filter((text) => text === 'sent while offline')).toHaveLength(1);

    await admin.page.goto('/Admindashboard');
    await admin.page.getByRole('button', { name: 'Messages' }).click();
    await admin.page.getByRole('dialog', { name: 'Messages' }).getByTestId('conversation-row').first().getByRole('button').first().click();
    await expect(admin.page.getByTestId('message').filter({ hasText: 'sent while offline' })).toHaveCount(1);
  });

  test('a message waiting when the page reloads is kept and sent after the reload', async () => {
    // The server cannot be reached for sending (the rest of the page still loads).
    await tanod.page.route('**/api/messages', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
    let chat = await openChatWithAdmin(tanod.page);
    await chat.getByPlaceholder('Type a message...').fill('kept across a reload');
    await chat.getByPlaceholder('Type a message...').press('Enter');
    await expect(chat.getByTestId('outgoing-message').filter({ hasText: 'kept across a reload' })).toContainText('Sending…');

    await tanod.page.reload();
    chat = await openChatWithAdmin(tanod.page);
    await expect(chat.getByTestId('outgoing-message').filter({ hasText: 'kept across a reload' })).toContainText('Sending…');
    expect(await storedTexts(admin, conversationId)).not.toContain('kept across a reload');

    await tanod.page.unroute('**/api/messages');
    await expect(chat.getByTestId('message').filter({ hasText: 'kept across a reload' })).toHaveCount(1, { timeout: 20_000 });
    await expect(chat.getByTestId('outgoing-message')).toHaveCount(0);
    expect((await storedTexts(admin, conversationId)).filter((text) => text === 'kept across a reload')).toHaveLength(1);
  });

  test('a message the server refuses shows "Not sent — tap to retry", and a tap sends it', async () => {
    let refuse = true;
    await tanod.page.route('**/api/messages', async (route) => {
      if (route.request().method() !== 'POST' || !refuse) return route.continue();
      refuse = false;
      await route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Not allowed' } }) });
    });
    const chat = await openChatWithAdmin(tanod.page);
    await chat.getByPlaceholder('Type a message...').fill('refused at first');
    await chat.getByPlaceholder('Type a message...').press('Enter');
    const failed = chat.getByTestId('outgoing-message').filter({ hasText: 'refused at first' });
    await expect(failed).toHaveAttribute('data-state', 'failed');
    await expect(failed).toContainText('Not sent — tap to retry');
    await expect(toast(tanod.page, 'Error sending message.')).toBeVisible();
    expect(await storedTexts(admin, conversationId)).not.toContain('refused at first');

    await failed.click();
    await expect(chat.getByTestId('message').filter({ hasText: 'refused at first' })).toHaveCount(1);
    await expect(chat.getByTestId('outgoing-message')).toHaveCount(0);
    expect((await storedTexts(admin, conversationId)).filter((text) => text === 'refused at first')).toHaveLength(1);
  });
});

test.describe('pages whose code cannot be fetched', () => {
  // What the page does when a chunk fails, with the network failure made by page.route. A page the
  // service worker controls fetches its staff chunks through it (src/sw/staff-code.ts), and the
  // worker's own requests pass by page.route: whether the failure was seen would depend on whether
  // the worker had claimed the page yet. The worker's offline path has its own tests (pwa.spec.ts,
  // offline-staff.spec.ts).
  test.use({ serviceWorkers: 'block' });
  const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
  const MY_ACCOUNT_CHUNK = /\/assets\/MyAccountPage-[^/]+\.js$/;

  async function openMyAccount(page: Page) {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
  }

  test('a page chunk that cannot load shows the app’s own error screen inside the layout, and Retry recovers', async ({ page, request }) => {
    await signInByApi(page, request, 'tanod1');
    await page.goto('/Dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    let tries = 0;
    await page.route(MY_ACCOUNT_CHUNK, (route) => {
      tries += 1;
      return route.abort('internetdisconnected');
    });
    await openMyAccount(page);
    const screen = page.getByTestId('error-screen');
    await expect(screen.getByRole('heading', { name: 'This page could not be shown' })).toBeVisible({ timeout: 15_000 });
    // Tried again with pauses before giving up.
    expect(tries).toBeGreaterThan(1);
    // The layout survives: navigation, top bar and Log Out are still there.
    await expect(nav(page).getByRole('link', { name: 'Schedule' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    await page.unroute(MY_ACCOUNT_CHUNK);
    await screen.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
    await expect(screen).toHaveCount(0);
  });

  test('a chunk gone after a new version was deployed offers a reload to the new version', async ({ page, request }) => {
    await signInByApi(page, request, 'tanod1');
    await page.goto('/Dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // The running version's hashed file no longer exists on the server.
    await page.route(MY_ACCOUNT_CHUNK, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }));
    await openMyAccount(page);
    const screen = page.getByTestId('error-screen');
    await expect(screen.getByRole('heading', { name: 'A new version of Bantay is available' })).toBeVisible({ timeout: 15_000 });
    await expect(screen.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Schedule' })).toBeVisible();

    await page.unroute(MY_ACCOUNT_CHUNK);
    await screen.getByRole('button', { name: 'Reload to update' }).click();
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
  });

  test('the toasts are ready before the connection drops: an error while offline is still told', async ({ page, request }) => {
    const toastCode = page.waitForResponse((response) => /\/assets\/TopBarToasts-[^/]+\.js$/.test(response.url()));
    await signInByApi(page, request, 'tanod1');
    await page.goto('/Dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await toastCode;
    await page.context().setOffline(true);
    await expect(banner(page)).toBeVisible();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(toast(page, 'Error logging out')).toBeVisible();
    await page.context().setOffline(false);
  });
});
