import { test, expect, signInByApi } from './fixtures.ts';
import { reportIncident } from './public-api.ts';

// The admin dashboard's open-incident count moves when a resident reports,
// with no reload and no polling: the report's socket event makes the page fetch the figures again.

test("the admin dashboard's open-incident count moves live when a resident reports", async ({ page, request }) => {
  await signInByApi(page, request, 'admin');
  const dashboardCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/dashboard/admin')) dashboardCalls.push(req.url());
  });
  await page.goto('/Admindashboard');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();

  const classes = page.getByTestId('stat-open-incidents-detail');
  const value = page.getByTestId('stat-open-incidents-value');
  await expect(value).toHaveText(/^\d+$/);
  const before = Number(await value.textContent());
  const emergenciesBefore = Number((await classes.textContent())?.match(/(\d+) emergency/)?.[1]);
  // The charts (Recharts) and the heat map (Leaflet) arrive lazily and draw.
  await expect(page.getByTestId('chart-incidents-over-time').locator('.recharts-wrapper').first()).toBeVisible();
  await expect(page.getByTestId('chart-response-trend').locator('.recharts-wrapper').first()).toBeVisible();
  await expect(page.getByTestId('admin-heat-map').locator('canvas.leaflet-heatmap-layer')).toBeAttached();
  await expect(page.getByTestId('top-performers')).toBeVisible();
  await expect(page.getByTestId('notes-calendar')).toBeVisible();

  // A marker on the window survives only if the page is never reloaded.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const callsBefore = dashboardCalls.length;

  await reportIncident(request, { classification: 'emergency', type: 'Fire', description: 'Smoke from the bakery roof (dashboard test).' });

  await expect(value).toHaveText(String(before + 1));
  await expect(classes).toContainText(`${emergenciesBefore + 1} emergency`);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  // One refetch for the report's event, not a stream of polls.
  expect(dashboardCalls.length - callsBefore).toBe(1);
});

test("a map scrolled under the sticky top bar stays under it: Leaflet's controls do not paint over the bar", async ({
  page,
  request,
}) => {
  await signInByApi(page, request, 'admin');
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto('/Admindashboard');
  const zoomIn = page.getByTestId('admin-heat-map').locator('.leaflet-control-zoom-in');
  await expect(zoomIn).toBeVisible();
  // Scrolled to the top of the viewport, the control sits where the top bar is drawn.
  const topmost = await zoomIn.evaluate((control) => {
    control.scrollIntoView({ block: 'start' });
    const box = control.getBoundingClientRect();
    return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest('header') !== null;
  });
  expect(topmost).toBe(true);
});
