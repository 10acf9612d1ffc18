import crypto from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { test, expect, signInByApi, toast } from './fixtures.ts';
import { sentSmsLog } from './sent-log.ts';

// The text line's triage inbox (docs/decisions/032-the-text-line.md): a text from a number Bantay
// does not know arrives through the barangay phone's gateway (the SMS Gateway for Android webhook,
// signed with the key e2e/server.mjs gives the server), lands in the admins' inbox, and an admin
// makes an incident of it with a pin on the map; the sender is texted the ticket.

const SIGNING_KEY = 'e2e-android-signing-key';

/** Posts what the gateway app posts for a received text: the raw body, signed with its timestamp. */
async function textArrives(request: APIRequestContext, from: string, message: string) {
  const id = crypto.randomUUID();
  const body = JSON.stringify({
    deviceId: 'e2e-barangay-phone',
    event: 'sms:received',
    id,
    payload: { messageId: id, message, phoneNumber: from, simNumber: 1, receivedAt: new Date().toISOString() },
    webhookId: 'e2e-webhook',
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = crypto.createHmac('sha256', SIGNING_KEY).update(body + timestamp).digest('hex');
  const response = await request.post('/api/sms/inbound/android', {
    headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-timestamp': timestamp },
    data: body,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

test('a text from an unknown number waits in the inbox until an admin makes an incident of it with a pin; the sender is texted the ticket', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A number no demo account has, written as people type it; the inbox shows it in E.164.
  const local = `0917${String(Date.now()).slice(-7)}`;
  const e164 = `+63${local.slice(1)}`;
  const shown = `+63 ${local.slice(1, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
  const words = `May nag-aaway sa kanto ng Mabini at Rizal (${Date.now()})`;
  const sms = sentSmsLog();
  const before = sms.mark();
  await textArrives(request, local, words);
  // The sender is told once that an officer will read it.
  await sms.next(e164, before);

  await signInByApi(page, page.request, 'admin');
  await page.goto('/Patrol&incidenttracking?tab=inbox');
  // The first staff page of a fresh server fetches its chunks cold: on a busy machine, seconds.
  await expect(page.getByRole('tab', { name: /Text inbox/ })).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  const thread = page.getByTestId('sms-thread').filter({ hasText: words });
  await expect(thread).toBeVisible();
  await expect(thread.getByRole('link', { name: `Call ${shown}` })).toHaveAttribute('href', `tel:${e164}`);
  await expect(thread).toContainText('Unknown number');
  await expect(thread).toContainText('Open');

  await thread.getByRole('button', { name: 'Make an incident' }).click();
  const dialog = page.getByRole('form', { name: `Make an incident from ${shown}` });
  await expect(dialog).toContainText(words);
  // Without a type and a pin the form says what is missing.
  await dialog.getByRole('button', { name: 'Make incident' }).click();
  await expect(dialog).toContainText('Choose the type of incident');
  await expect(dialog).toContainText('Choose the place on the map');
  await dialog.getByLabel('Type of incident').selectOption('Public disturbance');
  await dialog.getByLabel('Landmark (optional)').fill('Corner of Mabini and Rizal');
  // The demo barangay's map opens on its centre, inside the boundary.
  await dialog.getByRole('button', { name: 'Put the pin at the centre of the map' }).click();
  await expect(dialog.getByTestId('ticket-pin')).toHaveText(/^\d+\.\d{5}, \d+\.\d{5}$/);
  const sent = sms.mark();
  await dialog.getByRole('button', { name: 'Make incident' }).click();

  // The incident made opens at once, with its ticket; the sender is texted that ticket.
  const drawer = page.getByRole('dialog', { name: /Public disturbance · [A-Z]+-/ });
  await expect(drawer).toBeVisible();
  const ticket = (await drawer.getByRole('heading').first().innerText()).split(' · ')[1]!.trim();
  await expect(toast(page, `Ticket ${ticket} made. The sender is texted the ticket.`)).toBeVisible();
  await expect(drawer.getByTestId('incident-drawer')).toContainText(words);
  await expect(drawer.getByTestId('incident-source')).toHaveText('Text message');
  await expect(drawer.getByTestId('incident-drawer')).toContainText('Corner of Mabini and Rizal');
  expect((await sms.next(e164, sent)).text).toContain(ticket);

  // Closed, the thread leaves the open list and is found as ticketed, linking to its ticket.
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('sms-thread').filter({ hasText: words })).toHaveCount(0);
  await page.getByLabel('Show').selectOption('ticketed');
  const ticketed = page.getByTestId('sms-thread').filter({ hasText: words });
  await expect(ticketed).toContainText('Ticketed');
  await expect(ticketed.getByRole('button', { name: ticket })).toBeVisible();
});
