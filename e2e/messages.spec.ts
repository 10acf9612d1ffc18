import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test, signInByApi, toast, type SignedIn } from './fixtures.ts';

// Two real browsers: a tanod (tanod2, Maricel Reyes) and an admin (admin, Jose Ramon Bautista).
// Both accounts are shared with other specs; this one only writes chat messages between them and
// clears their conversation first, so it needs no particular starting state.
const TANOD = { username: 'tanod2', name: 'Maricel Reyes', firstName: 'Maricel' };
const ADMIN = { username: 'admin', name: 'Jose Ramon Bautista', firstName: 'Jose Ramon' };

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

async function goHome(person: Person, home: string) {
  await person.page.goto(home);
  await expect(person.page.getByRole('button', { name: 'Messages' })).toBeVisible();
}

/**
 * A known start: any conversation between the two is hidden for both (deleting clears the history
 * for the deleter), and their other conversations (the demo data's) are marked read, so the red
 * dots show only what this spec does. Nothing else is changed.
 */
async function clearConversation(a: Person, b: Person) {
  for (const [me, other] of [
    [a, b],
    [b, a],
  ] as const) {
    const headers = { authorization: `Bearer ${me.session.token}` };
    const response = await me.page.request.get('/api/messages/conversations', { headers });
    expect(response.ok()).toBe(true);
    const { conversations } = (await response.json()) as { conversations: { _id: string; read: boolean; participants: { _id: string }[] }[] };
    for (const c of conversations) {
      const withOther = c.participants.some((p) => p._id === other.session.userId);
      const call = withOther
        ? me.page.request.delete(`/api/messages/conversations/${c._id}`, { headers })
        : c.read
          ? null
          : me.page.request.post(`/api/messages/conversations/${c._id}/read`, { headers });
      if (call) expect((await call).ok()).toBe(true);
    }
  }
}

const panel = (page: Page) => page.getByRole('dialog', { name: 'Messages' });
const chat = (page: Page, name: string) => page.getByRole('dialog', { name: `Chat with ${name}` });
const messagesDot = (page: Page) => page.getByTestId('messages-dot');

async function startChatFromPicker(page: Page, search: string, name: string) {
  await page.getByRole('button', { name: 'Messages' }).click();
  await panel(page).getByRole('button', { name: 'New message' }).click();
  const picker = page.getByRole('dialog', { name: 'Select a Recipient' });
  await expect(picker.getByRole('heading', { name: 'Select a Recipient' })).toBeVisible();
  await picker.getByPlaceholder('Search users...').fill(search);
  await picker.getByRole('button', { name }).click();
}

test.describe('staff messaging', () => {
  let tanod: Person;
  let admin: Person;

  test.beforeEach(async ({ browser }) => {
    [tanod, admin] = await Promise.all([signIn(browser, TANOD.username), signIn(browser, ADMIN.username)]);
    await clearConversation(tanod, admin);
    await Promise.all([goHome(tanod, '/Dashboard'), goHome(admin, '/Admindashboard')]);
  });

  test.afterEach(async () => {
    await Promise.all([tanod.context.close(), admin.context.close()]);
  });

  test('a tanod starts a chat from the picker; the admin sees it arrive live, reads it, types and answers, and the tick turns double', async () => {
    // The admin watches the panel while the tanod writes.
    await admin.page.getByRole('button', { name: 'Messages' }).click();
    await expect(panel(admin.page).getByTestId('conversation-row').first()).toBeVisible();
    await expect(panel(admin.page).getByTestId('conversation-row').filter({ hasText: TANOD.name })).toHaveCount(0);
    await expect(panel(admin.page).getByTestId('unread-count')).toHaveText('0 unread');
    await expect(messagesDot(admin.page)).toBeHidden();

    await startChatFromPicker(tanod.page, 'bautista', ADMIN.name);
    const tanodChat = chat(tanod.page, ADMIN.name);
    await expect(tanodChat.getByText('No messages yet')).toBeVisible();
    await expect(tanodChat.getByText(`Send a message to start the conversation with ${ADMIN.firstName}`)).toBeVisible();
    const box = tanodChat.getByPlaceholder('Type a message...');
    const send = tanodChat.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await box.fill('   ');
    await expect(send).toBeDisabled();
    await box.fill('  Magandang gabi po, ready na ang radyo  ');
    await box.press('Enter');
    await expect(box).toHaveValue('');
    const sent = tanodChat.getByTestId('message').filter({ hasText: 'Magandang gabi po, ready na ang radyo' });
    await expect(sent.getByTestId('tick')).toHaveAttribute('data-state', 'sent');
    await expect(tanodChat.getByRole('group', { name: 'Today' })).toBeVisible();

    // Live in the admin's browser: the row with the unread dot, and the top-bar dot.
    const row = panel(admin.page).getByTestId('conversation-row').filter({ hasText: TANOD.name });
    await expect(row).toContainText('Magandang gabi po, ready na ang radyo');
    await expect(row.getByTestId('row-unread-dot')).toBeVisible();
    await expect(messagesDot(admin.page)).toBeVisible();
    await expect(panel(admin.page).getByTestId('unread-count')).toHaveText('1 unread');

    // The admin opens it: read, the dot goes out, and the tanod's tick turns double.
    await row.getByRole('button', { name: new RegExp(`^${TANOD.name}`) }).click();
    const adminChat = chat(admin.page, TANOD.name);
    await expect(adminChat.getByText('Magandang gabi po, ready na ang radyo')).toBeVisible();
    await expect(adminChat.getByTestId('chat-status')).toHaveText('Online');
    await expect(messagesDot(admin.page)).toBeHidden();
    await expect(sent.getByTestId('tick')).toHaveAttribute('data-state', 'read');

    // Typing shows in the tanod's browser.
    const adminBox = adminChat.getByPlaceholder('Type a message...');
    const typing = tanodChat.getByText(`${ADMIN.firstName} is typing...`);
    await adminBox.pressSequentially('Salamat');
    await expect(typing).toBeVisible();
    // It goes out by itself 3 s after the last keystroke (docs/product.md §A9).
    const shownAt = Date.now();
    await expect(typing).toBeHidden({ timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1500);
    await adminBox.pressSequentially(',');
    await expect(typing).toBeVisible();

    // Shift+Enter makes a new line; the Send button sends; the reply arrives live and ends the typing.
    await adminBox.press('Shift+Enter');
    await adminBox.pressSequentially('Ingat sa patrol');
    await expect(adminBox).toHaveValue('Salamat,\nIngat sa patrol');
    await adminChat.getByRole('button', { name: 'Send' }).click();
    await expect(tanodChat.getByTestId('message').filter({ hasText: 'Ingat sa patrol' })).toContainText('Salamat');
    await expect(typing).toBeHidden();
    // The tanod has the dialog open, so the reply is read at once: no red dot for the tanod.
    await expect(messagesDot(tanod.page)).toBeHidden();
    await expect(adminChat.getByTestId('message').filter({ hasText: 'Ingat sa patrol' }).getByTestId('tick')).toHaveAttribute('data-state', 'read');
  });

  test('a tanod picks an emoji from the picker and sends it', async () => {
    await startChatFromPicker(tanod.page, 'Jose', ADMIN.name);
    const tanodChat = chat(tanod.page, ADMIN.name);
    const box = tanodChat.getByPlaceholder('Type a message...');
    await box.fill('Copy ');
    await tanodChat.getByRole('button', { name: 'Emoji' }).click();
    const search = tanodChat.getByRole('textbox', { name: 'Type to search for an emoji' });
    await search.fill('thumbs up');
    await tanodChat.getByLabel('thumbs up', { exact: true }).first().click();
    await expect(box).toHaveValue('Copy 👍');
    await expect(search).toHaveCount(0);
    await box.press('Enter');
    await expect(tanodChat.getByTestId('message').filter({ hasText: 'Copy 👍' })).toBeVisible();

    await admin.page.getByRole('button', { name: 'Messages' }).click();
    await expect(panel(admin.page).getByTestId('conversation-row').filter({ hasText: TANOD.name })).toContainText('Copy 👍');
  });

  test('the admin deletes the conversation: it disappears for the admin only, and the next message brings it back unread', async () => {
    await startChatFromPicker(tanod.page, 'Bautista', ADMIN.name);
    const tanodChat = chat(tanod.page, ADMIN.name);
    await tanodChat.getByPlaceholder('Type a message...').fill('Paki-check ang gate');
    await tanodChat.getByPlaceholder('Type a message...').press('Enter');
    await expect(tanodChat.getByTestId('message').filter({ hasText: 'Paki-check ang gate' })).toBeVisible();

    await admin.page.getByRole('button', { name: 'Messages' }).click();
    const row = panel(admin.page).getByTestId('conversation-row').filter({ hasText: TANOD.name });
    await expect(row).toBeVisible();
    await row.hover();
    await row.getByRole('button', { name: `Delete conversation with ${TANOD.name}` }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Delete this conversation?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.hover();
    await row.getByRole('button', { name: `Delete conversation with ${TANOD.name}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(admin.page, 'Conversation deleted successfully')).toBeVisible();
    await expect(row).toHaveCount(0);
    await panel(admin.page).getByPlaceholder('Search conversations...').fill('Reyes');
    await expect(panel(admin.page).getByText('No conversations match your search')).toBeVisible();
    await expect(messagesDot(admin.page)).toBeHidden();

    // The tanod still has it, with their own message last.
    await tanodChat.getByRole('button', { name: 'Close chat' }).click();
    await tanod.page.getByRole('button', { name: 'Messages' }).click();
    await expect(panel(tanod.page).getByTestId('conversation-row').filter({ hasText: ADMIN.name })).toContainText('You: Paki-check ang gate');

    // A new message brings it back for the admin, unread, with only the new message.
    await admin.page.getByRole('button', { name: 'Close messages' }).click();
    await panel(tanod.page).getByTestId('conversation-row').filter({ hasText: ADMIN.name }).getByRole('button', { name: new RegExp(`^${ADMIN.name}`) }).click();
    await chat(tanod.page, ADMIN.name).getByPlaceholder('Type a message...').fill('Nandito pa po ba kayo?');
    await chat(tanod.page, ADMIN.name).getByRole('button', { name: 'Send' }).click();
    await expect(messagesDot(admin.page)).toBeVisible();
    await admin.page.getByRole('button', { name: 'Messages' }).click();
    const back = panel(admin.page).getByTestId('conversation-row').filter({ hasText: TANOD.name });
    await expect(back).toContainText('Nandito pa po ba kayo?');
    await expect(back.getByTestId('row-unread-dot')).toBeVisible();
    await back.getByRole('button', { name: new RegExp(`^${TANOD.name}`) }).click();
    const adminChat = chat(admin.page, TANOD.name);
    await expect(adminChat.getByTestId('message')).toHaveCount(1);
    await expect(messagesDot(admin.page)).toBeHidden();
  });

  test("a chat alert's link (home?conversation=…) opens that conversation over the page and leaves the address clean", async () => {
    const headers = { authorization: `Bearer ${admin.session.token}` };
    const started = await admin.page.request.post('/api/messages/conversations', { headers, data: { participantId: tanod.session.userId } });
    expect(started.ok()).toBe(true);
    const { conversation } = (await started.json()) as { conversation: { _id: string } };
    const sent = await admin.page.request.post('/api/messages', { headers, data: { conversationId: conversation._id, content: 'Tingnan mo ang alert' } });
    expect(sent.ok()).toBe(true);

    await tanod.page.goto(`/Dashboard?conversation=${conversation._id}`);
    const tanodChat = chat(tanod.page, ADMIN.name);
    await expect(tanodChat.getByTestId('message').filter({ hasText: 'Tingnan mo ang alert' })).toBeVisible();
    await expect(tanod.page).toHaveURL(/\/Dashboard$/);
  });

  test('on a 375 px phone the panel and the chat fill the screen and a message can be sent', async ({ browser }) => {
    const phone = await signIn(browser, TANOD.username, 375);
    await goHome(phone, '/Dashboard');
    try {
      await phone.page.getByRole('button', { name: 'Messages' }).click();
      const box = await panel(phone.page).boundingBox();
      expect(box?.width).toBe(375);
      await panel(phone.page).getByRole('button', { name: 'New message' }).click();
      await phone.page.getByPlaceholder('Search users...').fill('Ramon');
      await phone.page.getByRole('button', { name: ADMIN.name }).click();
      const phoneChat = chat(phone.page, ADMIN.name);
      const chatBox = await phoneChat.boundingBox();
      expect(chatBox).toMatchObject({ x: 0, y: 0, width: 375, height: 740 });
      await phoneChat.getByPlaceholder('Type a message...').fill('From my phone');
      await phoneChat.getByPlaceholder('Type a message...').press('Enter');
      await expect(phoneChat.getByTestId('message').filter({ hasText: 'From my phone' })).toBeVisible();
      await expect(messagesDot(admin.page)).toBeVisible();
    } finally {
      await phone.context.close();
    }
  });
});
