import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const map = (page: Page) => page.getByTestId('report-map');

/** Clicks the map at a fraction of its size (0.5, 0.5 is the centre). */
async function tapMap(page: Page, fx: number, fy: number) {
  const box = await map(page).boundingBox();
  if (!box) throw new Error('the map has no size');
  await map(page).click({ position: { x: box.width * fx, y: box.height * fy } });
}

/** The geocoder's answer for the pin just placed: the address the wizard must fill in. */
const lookedUp = async (page: Page): Promise<string> => {
  const response = await page.waitForResponse((candidate) => candidate.url().includes('/api/geocode/reverse') && candidate.status() === 200);
  return ((await response.json()) as { address: string | null }).address ?? '';
};

test('the report wizard fills the address from the pin, and never replaces what the reporter typed', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/Reportincidents');
  await page.getByLabel('Type of incident').selectOption('Noise disturbance');
  await page.getByLabel('Describe what happened').fill('Loud videoke past midnight.');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Where did it happen?', exact: true })).toBeFocused();

  // The demo's puroks cover the barangay: the area containing the pin (a purok, or a patrol area
  // another spec drew there) and the barangay fill the address, as the geocoder answered.
  const address = page.getByLabel('Address (optional)');
  const first = lookedUp(page);
  await tapMap(page, 0.5, 0.35);
  const firstAnswer = await first;
  expect(firstAnswer).toMatch(/, Barangay San Isidro$/);
  await expect(address).toHaveValue(firstAnswer);
  await expect(page.getByText('Filled in from the map. Change it if it is not right.')).toBeVisible();

  // Moving the pin updates what the wizard filled in.
  const second = lookedUp(page);
  await tapMap(page, 0.5, 0.7);
  const secondAnswer = await second;
  await expect(address).toHaveValue(secondAnswer);

  // Once the reporter writes their own, a new pin leaves it alone.
  await address.fill('12 Sampaguita St., near the water tank');
  await expect(page.getByText('Filled in from the map. Change it if it is not right.')).toBeHidden();
  const third = lookedUp(page);
  await tapMap(page, 0.5, 0.35);
  await third;
  // The answer has arrived and been handled: still what they typed.
  await page.waitForTimeout(200);
  await expect(address).toHaveValue('12 Sampaguita St., near the water tank');
});
