import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, loanNames, signInByApi, test } from './fixtures.ts';

// The installable app and the report that survives a dead signal (decision 020), in Chromium with
// its service worker: the browser's normal contexts, with the worker allowed (the config blocks it).
test.use({ viewport: { width: 375, height: 780 }, serviceWorkers: 'allow' });

const BARANGAY = 'Barangay San Isidro';
const TICKET = /^ER-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;
const SW_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist/sw.js');

/** Serves a new version of the worker (this run's own build, changed by one comment); returns the undo. */
function deployNextWorker(): () => void {
  const variants = [SW_FILE, `${SW_FILE}.br`, `${SW_FILE}.gz`];
  const saved = variants.map((file) => (fs.existsSync(file) ? fs.readFileSync(file) : null));
  fs.writeFileSync(SW_FILE, `${saved[0]!.toString('utf8')}\n// the next version\n`);
  // Without its precompressed copies, the server sends the changed file itself.
  for (const file of variants.slice(1)) fs.rmSync(file, { force: true });
  return () => variants.forEach((file, i) => saved[i] && fs.writeFileSync(file, saved[i]));
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { name, exact: typeof name === 'string' });

/** Waits until this page's service worker is active, has precached the app and controls the page. */
async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

interface StaffIncident {
  ticket: string;
  occurredAt: string;
  reportedAt: string;
  description: string;
}

async function incidentsMatching(request: APIRequestContext, token: string, text: string): Promise<StaffIncident[]> {
  const response = await request.get(`/api/incidents?q=${encodeURIComponent(text)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: StaffIncident[] }).items.filter((item) => item.description === text);
}

test.describe('with no connection', () => {
  test('the shell and the public pages open from the service worker', async ({ page, context }) => {
    await page.goto('/');
    await expect(heading(page, BARANGAY)).toBeVisible();
    await serviceWorkerInControl(page);
    await context.setOffline(true);
    try {
      for (const [url, name] of [
        ['/', BARANGAY],
        ['/Reportincidents?emergency=1', 'Emergency report'],
        ['/Reportincidents', 'Report an incident'],
        ['/Reportincidents?track=1', 'Track a report'],
      ] as const) {
        const response = await page.goto(url);
        expect(response?.fromServiceWorker(), `${url} from the service worker`).toBe(true);
        await expect(heading(page, name)).toBeVisible();
      }
      // The landing and report pages were stored as the worker installed (src/sw/public-pages.ts):
      // the server's own pages, with the settings they were rendered from.
      expect(await page.evaluate(() => document.getElementById('bantay-public-settings') !== null)).toBe(true);
      // Without them, the offline shell, which carries no settings of its own: the ones the worker
      // kept are used, so the wizard has the barangay's incident types and can go on.
      await page.evaluate(async () => {
        for (const name of await caches.keys()) if (name.startsWith('bantay-public-pages')) await caches.delete(name);
      });
      await page.goto('/Reportincidents');
      expect(await page.evaluate(() => document.getElementById('bantay-public-settings'))).toBeNull();
      await expect(page.getByLabel('Type of incident').locator('option', { hasText: 'Theft' })).toHaveCount(1);
      await expect(page.getByRole('button', { name: /Next/ })).toBeEnabled();
    } finally {
      await context.setOffline(false);
    }
  });
});

test.describe('an emergency report with no signal', () => {
  test.use({ permissions: ['geolocation'], geolocation: { latitude: 14.7356, longitude: 121.0498, accuracy: 12 } });

  test('is kept on the phone, survives a reload, and arrives once with its original time when the signal returns', async ({
    page,
    context,
    request,
  }) => {
    const sent: number[] = [];
    context.on('response', (response) => {
      if (response.url().endsWith('/api/public/incidents') && response.request().method() === 'POST')
        sent.push(response.status());
    });
    await page.goto('/Reportincidents?emergency=1');
    await serviceWorkerInControl(page);
    await expect(page.getByText('Your position is set (within about 12 m).')).toBeVisible();

    await context.setOffline(true);
    const line = `Smoke behind the chapel, sent with no signal ${Date.now()}`;
    await page.getByRole('button', { name: 'Fire', exact: true }).click();
    await page.getByLabel(/Anything else/).fill(line);
    const pressedAt = Date.now();
    await page.getByRole('button', { name: 'Send emergency report' }).click();

    const waiting = page.getByTestId('waiting-report');
    await expect(waiting.getByRole('heading', { name: 'Your emergency report is waiting' })).toBeFocused();
    await expect(waiting).toContainText(
      'No signal. Your report is saved on this phone and will be sent when the connection returns.',
    );
    await expect(waiting.getByRole('button', { name: 'Waiting for a signal' })).toBeDisabled();
    await expect(page.getByRole('link', { name: /Tanod Hotline/ })).toHaveAttribute('href', 'tel:+639171230000');

    // Still offline: the reload comes from the service worker, and the report is still there.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(page.getByTestId('waiting-report')).toContainText('No signal.');
    await expect(page.getByTestId('waiting-report')).toContainText('Fire');
    await page.waitForTimeout(2000);
    expect(sent).toEqual([]);

    // The signal returns: the report goes by itself (bot-check solved now) and the ticket shows.
    await context.setOffline(false);
    const ticketBox = page.getByTestId('ticket');
    await expect(ticketBox).toBeVisible({ timeout: 30_000 });
    await expect(heading(page, 'Emergency report sent')).toBeVisible();
    await expect(page.getByText('It was sent when the connection returned.')).toBeVisible();
    const ticket = ((await ticketBox.textContent()) ?? '').trim();
    expect(ticket).toMatch(TICKET);

    const stored = await incidentsMatching(request, await adminToken(request), line);
    expect(stored.map((incident) => incident.ticket)).toEqual([ticket]);
    // The time it happened is when Send was pressed, not when the signal came back.
    const occurredAt = new Date(stored[0]!.occurredAt).getTime();
    expect(Math.abs(occurredAt - pressedAt)).toBeLessThan(3000);
    expect(new Date(stored[0]!.reportedAt).getTime() - occurredAt).toBeGreaterThan(2000);
    expect(sent.filter((status) => status === 201)).toHaveLength(1);

    // Seen: the next visit to the page is a fresh report.
    await page.getByRole('button', { name: 'Report another incident' }).click();
    await page.goto('/Reportincidents?emergency=1');
    await expect(heading(page, 'Emergency report')).toBeVisible();
    await expect(page.getByTestId('waiting-report')).toHaveCount(0);
  });

  test('whose answer was lost is sent again with the same clientId, and the server keeps it once', async ({
    page,
    context,
    request,
  }) => {
    const bodies: { clientId?: string }[] = [];
    let dropFirstAnswer = true;
    // The first send reaches the server, but its answer never comes back (the signal died on the way).
    await context.route('**/api/public/incidents', async (route) => {
      bodies.push(route.request().postDataJSON() as { clientId?: string });
      const response = await route.fetch();
      if (dropFirstAnswer) {
        dropFirstAnswer = false;
        return route.abort('connectionreset');
      }
      return route.fulfill({ response });
    });
    await page.goto('/Reportincidents?emergency=1');
    await expect(page.getByText('Your position is set (within about 12 m).')).toBeVisible();
    const line = `Answer lost on the way ${Date.now()}`;
    await page.getByRole('button', { name: 'Medical emergency', exact: true }).click();
    await page.getByLabel(/Anything else/).fill(line);
    await page.getByRole('button', { name: 'Send emergency report' }).click();

    // Online, the page says the server could not be reached and sends again by itself.
    await expect(page.getByTestId('ticket')).toBeVisible({ timeout: 30_000 });
    const ticket = ((await page.getByTestId('ticket').textContent()) ?? '').trim();
    expect(bodies).toHaveLength(2);
    expect(bodies[0]!.clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(bodies[1]!.clientId).toBe(bodies[0]!.clientId);
    const stored = await incidentsMatching(request, await adminToken(request), line);
    expect(stored.map((incident) => incident.ticket)).toEqual([ticket]);
  });
});

test.describe('a staff page when the connection drops', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('keeps the last data it had, with the offline banner, also across pages already opened', async ({ page, context, request }) => {
    await signInByApi(page, request, 'tanod1');
    await page.goto('/Dashboard');
    await serviceWorkerInControl(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Schedule' }).click();
    await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    // Its answer shown (tanod1 holds two loans in the demo), not "Loading…".
    await expect(loanNames(page).first()).toBeVisible();
    const names = await loanNames(page).allTextContents();

    await context.setOffline(true);
    try {
      await expect(page.getByTestId('offline-banner')).toBeVisible();
      await nav.getByRole('link', { name: 'Schedule' }).click();
      await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
      await nav.getByRole('link', { name: 'Dashboard' }).click();
      await expect(loanNames(page)).toHaveText(names);
      await expect(page.getByTestId('error-screen')).toHaveCount(0);
      await expect(page.getByTestId('offline-banner')).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 15_000 });
  });
});

test.describe('the installed app', () => {
  test('opens a signed-in tanod on the dashboard and a visitor on the landing page', async ({ page, request }) => {
    await page.goto('/');
    await serviceWorkerInControl(page);
    await page.goto('/?source=pwa');
    await expect(heading(page, BARANGAY)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');

    await signInByApi(page, request, 'tanod1');
    await page.goto('/?source=pwa');
    await expect(page).toHaveURL(/\/Dashboard$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('links the manifest, which names the barangay and starts at /?source=pwa', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await request.get(href!)).json()) as {
      name: string;
      start_url: string;
      icons: { src: string }[];
    };
    expect(manifest.name).toBe(`Bantay · ${BARANGAY}`);
    expect(manifest.start_url).toBe('/?source=pwa');
    for (const icon of manifest.icons)
      expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
  });

  test('shows a push alert, urgent ones until answered, with the app path to open', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['notifications']);
    await page.goto('/');
    await serviceWorkerInControl(page);
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find(
          (registration) => registration.scopeURL.endsWith('/') && !registration.isDeleted,
        );
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    const origin = new URL(page.url()).origin;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify({
        title: 'EMERGENCY: Fire',
        body: 'Ticket ER-7K3F-9QXM near the chapel',
        url: '/Patrol&incidenttracking?incident=1',
        tag: 'incident-1',
        urgent: true,
      }),
    });
    await expect
      .poll(async () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            requireInteraction: n.requireInteraction,
            data: n.data as unknown,
          })),
        ),
      )
      .toEqual([
        {
          title: 'EMERGENCY: Fire',
          body: 'Ticket ER-7K3F-9QXM near the chapel',
          tag: 'incident-1',
          requireInteraction: true,
          data: { url: '/Patrol&incidenttracking?incident=1' },
        },
      ]);
    // A payload can never send anyone to another site.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify({ title: 'Chat', body: 'Hi', url: 'https://evil.example/', tag: 'chat-1' }),
    });
    await expect
      .poll(async () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications({ tag: 'chat-1' })).map((n) => [
            n.requireInteraction,
            n.data,
          ]),
        ),
      )
      .toEqual([[false, { url: '/?source=pwa' }]]);
  });
});

test.describe('a new version', () => {
  test('is offered with a button, and starts only when the person presses Update', async ({ page }) => {
    await page.goto('/Reportincidents');
    await serviceWorkerInControl(page);
    // The next page load has a worker in control, so the prompt's code is loaded with it.
    await page.reload();
    await expect(heading(page, 'Report an incident')).toBeVisible();
    await page.getByLabel('Describe what happened').fill('Half-written report');

    // The server now has another version of the worker: the built file, one byte different. The
    // browser fetches a worker's script itself (Playwright's routes never see it), so the file on
    // disk is changed, and put back afterwards.
    const restore = deployNextWorker();
    try {
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });

      const prompt = page.getByTestId('update-prompt');
      await expect(prompt).toContainText('A new version of Bantay is ready.');
      // Not forced: the form keeps what was typed until the person chooses.
      await page.waitForTimeout(1000);
      await expect(page.getByLabel('Describe what happened')).toHaveValue('Half-written report');
      const waitingBefore = await page.evaluate(async () =>
        Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
      );
      expect(waitingBefore).toBe(true);

      // Wait for the reload from before the click: on a fast machine it can finish before a wait set up after it.
      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Update' }).click()]);
      await expect(heading(page, 'Report an incident')).toBeVisible();
      await expect(page.getByTestId('update-prompt')).toHaveCount(0);
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(
        false,
      );
    } finally {
      restore();
    }
  });
});
