import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, signInByApi } from './fixtures.ts';
import { englishLeft, say, sayPattern, useLanguage } from './catalogue.ts';
import { axeViolations, horizontalOverflow } from './page-checks.ts';

// Every staff page, for each role, on a small phone (320 px), a common phone (375 px) and a desk
// (1280 px), in both themes (docs/product.md §5 and §8), in Filipino (§12), whose words run
// longer than the English: no page scrolls sideways on a phone, axe finds no WCAG 2.1 A or AA
// violation, and no English from the catalogue is left on screen. One signed-in browser per role
// walks every page once, resizing and switching the theme in place. With E2E_SHOTS set to a
// folder, the walk also leaves a picture of each view at 375 px in both themes there.

type Role = 'tanod' | 'admin' | 'supadmin';

interface View {
  /** What the failure message names: the address, and the state when it is not in the address. */
  name: string;
  path: string;
  /** Brings the page into a state of its own (a view switch, an open panel) after it loads. */
  open?(page: Page): Promise<void>;
  /** Closes what `open` opened, so the next view starts from the page alone. */
  close?(page: Page): Promise<void>;
}

const PHONE_WIDTHS = [320, 375];
const SHOTS = process.env.E2E_SHOTS;
/** The walk's language: buttons are found by what they say in it. */
const t = (english: string) => say('fil', english);
const starting = (english: string) => sayPattern('fil', english, { start: true });
const AXE_WIDTHS = [375, 1280] as const;

const withTabs = (path: string, tabs: string[]): View[] =>
  tabs.map((tab) => ({ name: `${path}?tab=${tab}`, path: `${path}?tab=${tab}` }));

/** The top bar's panels and menu, which every staff page carries. */
const topBarViews = (path: string): View[] => [
  {
    name: `${path} with the side navigation open`,
    path,
    open: async (page) => {
      const toggle = page.getByRole('button', { name: t('Open navigation') });
      if (await toggle.isVisible()) await toggle.click();
      await expect(page.locator('#side-nav')).toBeVisible();
    },
    // Back at 375 px the navigation has closed itself (docs/product.md §A2: it collapses at 768 px or less).
  },
  {
    name: `${path} with the account menu open`,
    path,
    open: async (page) => {
      await page.getByRole('button', { name: t('Account menu') }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
    close: (page) => page.keyboard.press('Escape'),
  },
  {
    name: `${path} with the messages panel open`,
    path,
    open: async (page) => {
      await page.getByRole('button', { name: starting('Messages') }).click();
      await expect(
        page.getByRole('list', { name: t('Conversations') }).or(page.getByText(t('No conversations yet'))),
      ).toBeVisible();
    },
    close: (page) => page.getByRole('button', { name: t('Close messages') }).click(),
  },
  {
    name: `${path} with the new-message view open`,
    path,
    open: async (page) => {
      await page.getByRole('button', { name: starting('Messages') }).click();
      await page.getByRole('button', { name: t('New message') }).click();
      await expect(page.getByRole('list', { name: t('Recipients') })).toBeVisible();
    },
    close: (page) => page.getByRole('button', { name: t('Close messages') }).click(),
  },
  {
    name: `${path} with a chat open`,
    path,
    open: async (page) => {
      await page.getByRole('button', { name: starting('Messages') }).click();
      const rows = page.getByTestId('conversation-row');
      await expect(rows.first().or(page.getByText(t('No conversations yet')))).toBeVisible();
      // Someone with no conversation yet starts one, as the brief's new-message view does.
      if ((await rows.count()) > 0) await rows.first().getByRole('button').first().click();
      else {
        await page.getByRole('button', { name: t('New message') }).click();
        await page
          .getByRole('list', { name: t('Recipients') })
          .getByRole('button')
          .first()
          .click();
      }
      await expect(page.getByRole('dialog', { name: sayPattern('fil', 'Chat with {name}') })).toBeVisible();
    },
    close: (page) => page.getByRole('button', { name: t('Close chat') }).click(),
  },
  {
    name: `${path} with the notifications panel open`,
    path,
    open: async (page) => {
      await page.getByRole('button', { name: starting('Notifications') }).click();
      await expect(
        page.getByRole('list', { name: t('Notifications list') }).or(page.getByText(t("You're all caught up!"))),
      ).toBeVisible();
    },
    close: (page) => page.getByRole('button', { name: t('Close notifications') }).click(),
  },
];

/** The admin's pages; the supadmin has the same and four more tabs on /ManageTanod. */
const adminViews = (isSupadmin: boolean): View[] => [
  { name: '/Admindashboard', path: '/Admindashboard' },
  { name: '/ManageTanod', path: '/ManageTanod' },
  ...withTabs('/ManageTanod', ['performance', ...(isSupadmin ? ['admins', 'settings', 'audit', 'deliveries'] : [])]),
  { name: '/ManagePatrolschedules (week)', path: '/ManagePatrolschedules' },
  {
    name: '/ManagePatrolschedules (list)',
    path: '/ManagePatrolschedules',
    open: async (page) => {
      // The choice is a visually hidden radio inside its label: a person taps the label.
      await page.locator('label', { hasText: sayPattern('fil', 'List') }).click();
      await expect(page.getByRole('radio', { name: t('List') })).toBeChecked();
    },
  },
  ...withTabs('/ManagePatrolschedules', ['areas', 'advisories']),
  { name: '/Patrol&incidenttracking', path: '/Patrol&incidenttracking' },
  ...withTabs('/Patrol&incidenttracking', ['inbox', 'map', 'backup', 'replay', 'archive', 'blotter']),
  {
    name: "/Patrol&incidenttracking with an incident's drawer open",
    path: '/Patrol&incidenttracking',
    open: async (page) => {
      // The first incident of the list: a row's ticket on a desk, a card on a phone.
      await page.locator('tr[data-ticket] button, [data-testid="incident-cards"] button').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('dialog')).not.toContainText(/Loading\b|Naglo-load/);
    },
  },
  { name: '/Resources', path: '/Resources' },
  ...withTabs('/Resources', ['loans', 'vehicles', 'trips', 'report']),
  { name: '/myaccount', path: '/myaccount' },
  ...topBarViews('/myaccount'),
];

const VIEWS: Record<Role, View[]> = {
  tanod: [
    { name: '/Dashboard', path: '/Dashboard' },
    { name: '/Patrolmap', path: '/Patrolmap' },
    { name: '/Patrolmap?list=all', path: '/Patrolmap?list=all' },
    { name: '/Patrolmap?list=history', path: '/Patrolmap?list=history' },
    { name: '/Schedule', path: '/Schedule' },
    { name: '/Performance', path: '/Performance' },
    { name: '/Equipments', path: '/Equipments' },
    { name: '/myaccount', path: '/myaccount' },
    ...topBarViews('/myaccount'),
  ],
  admin: adminViews(false),
  supadmin: adminViews(true),
};

/**
 * Opens a view. Another page is loaded afresh, as when a person opens its address; another tab
 * of the same page is reached inside the app (the router follows the address), as a tap on the
 * tab does, which spares reloading the whole app for each of the walk's sixty views; the same
 * address again (the top bar's panels, after the last one closed) stays as it is.
 */
async function visit(page: Page, view: View, isFirst: boolean): Promise<void> {
  const current = new URL(page.url());
  const next = new URL(view.path, current);
  if (isFirst || next.pathname !== current.pathname) {
    await page.goto(view.path);
    return;
  }
  if (next.search === current.search) return;
  const selectedTab = () =>
    page.evaluate(() => document.querySelector('[role="tab"][aria-selected="true"]')?.id ?? null);
  const before = await selectedTab();
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, view.path);
  // The router renders the new address: the other tab is selected once it has.
  await expect.poll(selectedTab).not.toBe(before);
}

/**
 * Waits for the page's own content: its title, then no spinner, loading text or map placeholder
 * left in the main area (the data has arrived and the lazy pieces have rendered).
 */
async function waitForContent(page: Page): Promise<void> {
  await expect(page.locator('#page-title')).toBeVisible();
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    if (!main) return false;
    if (main.querySelector('.loading-spinner, .loading-bar, .loading-pulse-dot')) return false;
    return !/Loading\b|Naglo-load/.test(main.innerText);
  });
}

/**
 * Waits until the screen stands still: two frames for the media queries and React to answer, then
 * every finite animation and transition ends (the side navigation sliding in, colours fading to
 * the other theme), so axe measures the colours a person sees, not a frame half-way.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

async function resize(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 768 ? 740 : 820 });
  await settle(page);
}

/**
 * Switches the theme with the top bar's toggle, as a person does. The click is dispatched on the
 * button itself, so an open panel or the phone's side navigation stays open (a real tap there
 * would first close them) and axe sees the same screen in the other theme.
 */
async function toggleTheme(page: Page): Promise<'light' | 'dark'> {
  const wasDark = await page.evaluate(() => document.documentElement.classList.contains('dark-mode'));
  const titles = [t('Switch to Dark Mode'), t('Switch to Light Mode')];
  await page.locator(titles.map((title) => `header button[title="${title}"]`).join(', ')).dispatchEvent('click');
  const theme = wasDark ? 'light' : 'dark';
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}-mode\\b`));
  await settle(page);
  return theme;
}

/** With E2E_SHOTS set, a picture of the view as it is now (375 px), named by role, view and theme. */
async function shoot(page: Page, role: Role, view: View, theme: 'light' | 'dark'): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const name = `${role}-${view.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${theme}.png`;
  await page.screenshot({ path: path.join(SHOTS, name) });
}

for (const role of ['tanod', 'admin', 'supadmin'] as const) {
  test(`every staff page fits a phone, passes axe and reads in Filipino, for the ${role}`, async ({
    page,
    baseURL,
  }) => {
    // 30-50 s a role on a busy two-core machine; the margin is for a slower CI runner.
    test.setTimeout(240_000);
    await useLanguage(page.context(), baseURL!, 'fil');
    await signInByApi(page, page.request, role === 'tanod' ? 'tanod1' : role);
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    let theme: 'light' | 'dark' = 'light';
    const problems: string[] = [];
    const report = (view: View, where: string, found: string[]) => {
      for (const line of found) problems.push(`${view.name} at ${where}: ${line}`);
    };
    const checkAxe = async (view: View, width: number) =>
      report(view, `${width} px, ${theme}`, await axeViolations(page));

    for (const [index, view] of VIEWS[role].entries()) {
      try {
        // Each page opens at 320 px, as a small phone opens it, in the theme the last one left.
        await resize(page, PHONE_WIDTHS[0]!);
        await visit(page, view, index === 0);
        await waitForContent(page);
        await view.open?.(page);
        await settle(page);
        for (const width of PHONE_WIDTHS) {
          await resize(page, width);
          report(view, `${width} px`, await horizontalOverflow(page));
        }
        report(
          view,
          '375 px',
          (await englishLeft(page)).map((text) => `English left: "${text}"`),
        );
        await shoot(page, role, view, theme);
        // axe at 375 px, then at 1280 px in the same theme, then in the other theme at 1280 px and
        // back at 375 px: every width in both themes with one theme switch.
        await checkAxe(view, AXE_WIDTHS[0]);
        await resize(page, AXE_WIDTHS[1]);
        await checkAxe(view, AXE_WIDTHS[1]);
        report(
          view,
          '1280 px',
          (await englishLeft(page)).map((text) => `English left: "${text}"`),
        );
        theme = await toggleTheme(page);
        await checkAxe(view, AXE_WIDTHS[1]);
        await resize(page, AXE_WIDTHS[0]);
        await checkAxe(view, AXE_WIDTHS[0]);
        await shoot(page, role, view, theme);
        await view.close?.(page);
      } catch (error) {
        // A page that does not even load says which one it was, with what was found before it.
        const found = problems.length > 0 ? `\n\nFound before it:\n${problems.join('\n')}` : '';
        throw new Error(
          `${view.name} (${page.viewportSize()?.width} px, ${theme}): ${(error as Error).message}${found}`,
          { cause: error },
        );
      }
    }

    expect(problems, `${problems.length} problems on the ${role}'s pages:\n${problems.join('\n')}\n`).toEqual([]);
  });
}
