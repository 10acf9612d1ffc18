import type { Browser, BrowserContext, Page } from '@playwright/test';
import fs from 'node:fs';
import { test, expect, signInByApi, toast, type SignedIn } from './fixtures.ts';
import { makePng } from './images.ts';

// A tanod on a phone and an admin on a desktop, in two real browsers against the real server.
// Each test makes its own item or vehicle (unique names), so it needs nothing from the demo data
// but the accounts, and changes nothing another spec looks at.
const TANOD = 'tanod3';
const ADMIN = 'admin';

interface Person {
  context: BrowserContext;
  page: Page;
  session: SignedIn;
  name: string;
}

async function signIn(browser: Browser, username: string, width: number): Promise<Person> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 780 : 820 } });
  const page = await context.newPage();
  const session = await signInByApi(page, page.request, username);
  const me = (await (await page.request.get('/api/auth/me', { headers: auth(session) })).json()) as {
    firstName: string;
    lastName: string;
  };
  return { context, page, session, name: `${me.firstName} ${me.lastName}` };
}

const auth = (session: SignedIn) => ({ authorization: `Bearer ${session.token}` });
const unique = () => Date.now().toString(36).toUpperCase();

test.describe('resources', () => {
  // Two browsers and the server share the machine; each test walks a whole flow in both.
  test.setTimeout(60_000);
  let tanod: Person;
  let admin: Person;

  test.beforeEach(async ({ browser }) => {
    [tanod, admin] = await Promise.all([signIn(browser, TANOD, 375), signIn(browser, ADMIN, 1280)]);
  });

  test.afterEach(async () => {
    await Promise.all([tanod.context.close(), admin.context.close()]);
  });

  test('a tanod borrows at 375 px; the admin sees the loan arrive live and receives it back as damaged', async () => {
    const itemName = `Radio E2E ${unique()}`;
    const created = await admin.page.request.post('/api/inventory', {
      headers: auth(admin.session),
      data: { name: itemName, category: 'communication', total: 3, lowStockThreshold: 1 },
    });
    expect(created.ok()).toBe(true);

    // The admin watches the loans desk before the tanod borrows anything.
    await admin.page.goto('/Resources?tab=loans');
    await expect(admin.page.getByRole('tab', { name: /Loans/, selected: true })).toBeVisible();
    const adminRow = admin.page.getByTestId('loan-row').filter({ hasText: itemName });
    await expect(
      admin.page.getByRole('list', { name: 'Loans' }).or(admin.page.getByText('No loans yet.')),
    ).toBeVisible();
    await expect(adminRow).toHaveCount(0);

    // The tanod borrows one on the phone; the due time comes prefilled.
    await tanod.page.goto('/Equipments');
    const card = tanod.page.getByTestId('borrow-item').filter({ hasText: itemName });
    await expect(card).toContainText('3 of 3 available');
    await card.getByRole('button', { name: `Borrow ${itemName}` }).click();
    const dialog = tanod.page.getByRole('dialog', { name: `Borrow ${itemName}` });
    await expect(dialog.getByLabel('Quantity')).toHaveValue('1');
    await expect(dialog.getByLabel('Due')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await dialog.getByRole('button', { name: 'Borrow', exact: true }).click();
    await expect(toast(tanod.page, `You borrowed ${itemName}`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const myLoan = tanod.page
      .getByRole('list', { name: 'My loans' })
      .getByTestId('loan-row')
      .filter({ hasText: itemName });
    await expect(myLoan.getByTestId('loan-due')).toContainText('due in');
    await expect(card).toContainText('2 of 3 available');

    // Live on the admin's desk, with the borrower's name.
    await expect(adminRow).toContainText(tanod.name);
    await expect(adminRow).toContainText('On loan');

    // The admin receives it back on the tanod's behalf: damaged, with a note.
    await adminRow.getByRole('button', { name: `Receive ${itemName} from ${tanod.name}` }).click();
    const receive = admin.page.getByRole('dialog', { name: `Receive ${itemName} from ${tanod.name}` });
    await receive.getByRole('button', { name: 'Receive' }).click();
    await expect(receive.getByText('Choose the condition: good, damaged or lost')).toBeVisible();
    await receive.getByRole('radio', { name: 'Damaged' }).check();
    await receive.getByLabel('Notes').fill('Antenna snapped');
    await receive.getByRole('button', { name: 'Receive' }).click();
    await expect(toast(admin.page, `Received ${itemName} from ${tanod.name}`)).toBeVisible();
    await expect(adminRow).toContainText('Returned damaged');
    await expect(adminRow).toContainText('Antenna snapped');

    // The tanod's list follows live: nothing on loan any more, all three back in stock.
    await expect(myLoan).toHaveCount(0);
    await expect(card).toContainText('3 of 3 available');

    // The damaged return shows on the item in the inventory.
    await admin.page.getByRole('tab', { name: 'Inventory' }).click();
    await admin.page.getByPlaceholder('Search items...').fill(itemName);
    const itemRow = admin.page.getByTestId('inventory-row').filter({ hasText: itemName });
    await expect(itemRow).toHaveCount(1);
    await expect(itemRow).toContainText('1 damaged');

    // This month's audit report, as CSV, names the loan and its damaged return.
    await admin.page.getByRole('tab', { name: 'Report' }).click();
    await admin.page.getByRole('radio', { name: /CSV/ }).check();
    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      admin.page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    const line = csv.split(/\r?\n/).find((l) => l.includes(itemName) && l.includes('Damaged'));
    expect(line, 'a row for the damaged return').toBeDefined();
    await expect(toast(admin.page, 'Report downloaded')).toBeVisible();
  });

  test('a driver requests a trip, the admin approves it, and the driver completes it; the odometer follows', async () => {
    const plate = `E2E ${unique().slice(-4)}`;
    const vehicleName = `Patrol Van ${plate}`;
    const created = await admin.page.request.post('/api/vehicles', {
      headers: auth(admin.session),
      data: { name: vehicleName, type: 'van', plate, odometer: 1000, driverIds: [tanod.session.userId] },
    });
    expect(created.ok()).toBe(true);

    // The admin watches the trips while the driver asks on the phone; times and the start
    // odometer come prefilled.
    await admin.page.goto('/Resources?tab=trips');
    await expect(admin.page.getByRole('tab', { name: /Trips/, selected: true })).toBeVisible();
    await tanod.page.goto('/Equipments');
    await tanod.page.getByRole('button', { name: `Request a trip with ${vehicleName}` }).click();
    const request = tanod.page.getByRole('dialog', { name: 'Request a trip' });
    await expect(request.getByLabel('Start odometer (km)')).toHaveValue('1000');
    await request.getByRole('button', { name: 'Send request' }).click();
    await expect(request.getByText('Purpose is required')).toBeVisible();
    await request.getByLabel('Purpose').fill('Night patrol, Purok 4');
    await request.getByLabel('Destination').fill('Purok 4 covered court');
    // The destination's point, tapped on the small map.
    const pointMap = request.getByRole('region', { name: 'Map: tap where the trip goes' });
    const box = (await pointMap.boundingBox())!;
    await pointMap.click({ position: { x: box.width * 0.5, y: box.height * 0.5 } });
    await expect(request.getByTestId('trip-point')).toContainText(/Picked: 14\.\d{5}, 121\.\d{5}/);
    await request.getByRole('button', { name: 'Send request' }).click();
    await expect(toast(tanod.page, 'Trip requested. An admin will approve or reject it.')).toBeVisible();
    const myTrip = tanod.page
      .getByRole('list', { name: 'My trips' })
      .getByTestId('trip-row')
      .filter({ hasText: 'Night patrol, Purok 4' });
    await expect(myTrip).toHaveAttribute('data-status', 'pending');

    // It arrives live among the admin's pending requests; the admin approves it.
    const adminTrip = admin.page
      .getByTestId('trip-row')
      .filter({ hasText: 'Night patrol, Purok 4' })
      .filter({ hasText: plate });
    await expect(adminTrip).toHaveAttribute('data-status', 'pending');
    await expect(adminTrip).toContainText(tanod.name);
    await adminTrip.getByRole('button', { name: 'Show on map' }).click();
    await expect(adminTrip.getByRole('region', { name: 'Map: where the trip goes (Night patrol, Purok 4)' }).locator('.map-pin')).toHaveCount(1);
    await adminTrip.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(admin.page, 'Trip approved')).toBeVisible();
    await expect(adminTrip).toHaveAttribute('data-status', 'approved');

    // Live on the driver's phone; the driver completes it: the end odometer must pass the start.
    await expect(myTrip).toHaveAttribute('data-status', 'approved');
    await myTrip.getByRole('button', { name: 'Complete trip' }).click();
    const complete = tanod.page.getByRole('dialog', { name: 'Complete the trip to Purok 4 covered court' });
    await complete.getByLabel('End odometer (km)').fill('990');
    await complete.getByLabel('Condition of the vehicle').selectOption('good');
    await complete.getByRole('button', { name: 'Complete trip' }).click();
    await expect(complete.getByText('End odometer must be more than the start (1000 km)')).toBeVisible();
    await complete.getByLabel('End odometer (km)').fill('1042');
    await complete.getByRole('button', { name: 'Complete trip' }).click();
    await expect(toast(tanod.page, 'Trip completed: 42 km')).toBeVisible();
    await expect(myTrip).toHaveAttribute('data-status', 'completed');
    await expect(myTrip).toContainText('42 km driven');

    // The vehicle's odometer followed.
    await admin.page.getByRole('tab', { name: 'Vehicles' }).click();
    const vehicleCard = admin.page.getByTestId('vehicle-card').filter({ hasText: vehicleName });
    await expect(vehicleCard).toContainText('1,042 km');
    await expect(vehicleCard).toContainText('Available');
  });

  test('an admin adds an item with a photo; lowering its total below what is on loan is refused with the numbers', async () => {
    const itemName = `Flashlight E2E ${unique()}`;
    await admin.page.goto('/Resources');
    await admin.page.getByRole('button', { name: 'Add item' }).click();
    const add = admin.page.getByRole('dialog', { name: 'Add an item' });
    await add.getByRole('button', { name: 'Add item' }).click();
    await expect(add.getByLabel('Name')).toHaveAccessibleDescription('Name is required');
    await expect(add.getByLabel('Category')).toHaveAccessibleDescription('Choose a category');
    await add.getByLabel('Name').fill(itemName);
    await add.getByLabel('Category').selectOption('lighting');
    await add.getByLabel('Total quantity').fill('4');
    await add.getByLabel('Photo').setInputFiles({ name: 'torch.png', mimeType: 'image/png', buffer: makePng(16) });
    await expect(add.getByRole('img', { name: 'New photo preview' })).toBeVisible();
    await add.getByRole('button', { name: 'Add item' }).click();
    await expect(toast(admin.page, 'Item added')).toBeVisible();
    await expect(add).toBeHidden();
    const row = admin.page.getByTestId('inventory-row').filter({ hasText: itemName });
    // The saved photo is the server's re-encoded copy, served from its own URL.
    await expect(row.locator('img')).toHaveAttribute('src', /^\/api\//);
    const cells = row.getByRole('cell');
    // Item, category, available, on loan, total.
    await expect(cells.nth(2)).toHaveText('4');
    await expect(cells.nth(3)).toHaveText('0');
    await expect(cells.nth(4)).toHaveText('4');

    // Three go out on loan (through the API, as the tanod), then the admin tries a total of 2.
    const items = (await (await admin.page.request.get('/api/inventory', { headers: auth(admin.session) })).json()) as {
      _id: string;
      name: string;
    }[];
    const itemId = items.find((item) => item.name === itemName)!._id;
    const borrowed = await tanod.page.request.post('/api/loans', {
      headers: auth(tanod.session),
      data: { itemId, quantity: 3 },
    });
    expect(borrowed.ok()).toBe(true);
    // Live: loan:updated refreshes the figures, and 1 left of a low-stock level of 1 is marked.
    await expect(cells.nth(3)).toHaveText('3');
    await expect(cells.nth(2)).toHaveText(/1\s*Low stock/);
    await row.getByRole('button', { name: `Edit ${itemName}` }).click();
    const edit = admin.page.getByRole('dialog', { name: `Edit ${itemName}` });
    await expect(edit.getByText('3 on loan now')).toBeVisible();
    await edit.getByLabel('Total quantity').fill('2');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    // The server's field error lands next to the field.
    await expect(edit.getByLabel('Total quantity')).toHaveAccessibleDescription('At least 3 (on loan now)');
    await expect(edit).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(cells.nth(4)).toHaveText('4');
  });
});
